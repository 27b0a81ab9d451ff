import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LocalMediaStore } from './mediaStore';
import { mediaCspSources, mediaStoreFor } from './mediaStoreFor';
import { QiniuMediaStore } from './qiniuStore';
import { S3MediaStore } from './s3Store';

const QINIU = {
  QINIU_ACCESS_KEY: 'test-access-key-0001',
  QINIU_SECRET_KEY: 'test-secret-key-0001',
  QINIU_BUCKET: 'zine-media',
  QINIU_DOMAIN: 'https://media.zine.example/',
};

describe('the media storage the configuration selects', () => {
  it('keeps media in DATA_DIR/media, served from the site’s own origin, without Qiniu credentials', () => {
    const config = loadConfig({ DATA_DIR: '/srv/zine', PUBLIC_ORIGIN: 'https://zine.example' });
    const store = mediaStoreFor(config);
    expect(store).toBeInstanceOf(LocalMediaStore);
    expect(store instanceof LocalMediaStore && store.dir).toBe('/srv/zine/media');
    expect(store.urlOf('abcdef12_hd.png')).toBe('https://zine.example/media/abcdef12_hd.png');
    expect(mediaCspSources(config, store)).toEqual({ img: ['https://zine.example'], connect: [] });
  });

  it('uses the Qiniu bucket with all four settings, its domain for images and its upload host for the CSP', () => {
    const config = loadConfig({ ...QINIU, PUBLIC_ORIGIN: 'https://zine.example' });
    expect(config.qiniu).toEqual({
      accessKey: QINIU.QINIU_ACCESS_KEY,
      secretKey: QINIU.QINIU_SECRET_KEY,
      bucket: 'zine-media',
      domain: 'https://media.zine.example',
      uploadUrl: 'https://upload.qiniup.com',
    });
    const store = mediaStoreFor(config);
    expect(store).toBeInstanceOf(QiniuMediaStore);
    expect(store.urlOf('abcdef12_hd.png')).toBe('https://media.zine.example/abcdef12_hd.png');
    expect(mediaCspSources(config, store)).toEqual({ img: ['https://media.zine.example'], connect: ['https://upload.qiniup.com'] });
    expect(loadConfig({ ...QINIU, QINIU_UPLOAD_URL: 'https://up-z2.qiniup.com/' }).qiniu?.uploadUrl).toBe('https://up-z2.qiniup.com');
  });

  it('refuses part of the Qiniu settings, or malformed ones, with a clear message', () => {
    expect(() => loadConfig({ QINIU_ACCESS_KEY: QINIU.QINIU_ACCESS_KEY })).toThrow(
      /QINIU_ACCESS_KEY, QINIU_SECRET_KEY, QINIU_BUCKET and QINIU_DOMAIN are set together/,
    );
    expect(() => loadConfig({ ...QINIU, QINIU_BUCKET: 'Bad Bucket!' })).toThrow(/QINIU_BUCKET: must be a Qiniu bucket name/);
    expect(() => loadConfig({ ...QINIU, QINIU_DOMAIN: 'media.zine.example' })).toThrow(/QINIU_DOMAIN/);
    expect(loadConfig({ QINIU_ACCESS_KEY: ' ', QINIU_SECRET_KEY: '' }).qiniu).toBeUndefined();
  });

  const S3 = { S3_BUCKET: 'zine-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

  it('uses an S3 bucket with its three settings, served by the site’s media host, or from S3_PUBLIC_URL', () => {
    const config = loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: '1', PUBLIC_ORIGIN: 'https://zine.example' });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'zine-media',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    const store = mediaStoreFor(config);
    expect(store).toBeInstanceOf(S3MediaStore);
    expect(store.urlOf('abcdef12_hd.png')).toBe('https://zine.example/media/abcdef12_hd.png');
    expect(mediaCspSources(config, store)).toEqual({ img: ['https://zine.example'], connect: [] });

    const cdn = loadConfig({ ...S3, S3_REGION: 'eu-west-3', S3_PUBLIC_URL: 'https://cdn.zine.example/media/', PUBLIC_ORIGIN: 'https://zine.example' });
    expect(cdn.s3).toMatchObject({ region: 'eu-west-3', forcePathStyle: false, publicUrl: 'https://cdn.zine.example/media' });
    const cdnStore = mediaStoreFor(cdn);
    expect(cdnStore.urlOf('abcdef12_hd.png')).toBe('https://cdn.zine.example/media/abcdef12_hd.png');
    expect(cdnStore.origin).toBe('https://cdn.zine.example');
  });

  it('refuses part of the S3 settings, bad ones, or S3 beside Qiniu, with a clear message', () => {
    const together = /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/;
    expect(() => loadConfig({ S3_BUCKET: 'zine-media' })).toThrow(together);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(together);
    expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: ' ' })).toThrow(together);
    expect(() => loadConfig({ ...S3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...S3, ...QINIU })).toThrow(/choose one object store: S3_\* or QINIU_\*/);
    expect(loadConfig({ S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: '1' }).s3).toBeUndefined();
  });

  it('tells whether the media folder can be written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-media-health-'));
    expect(await new LocalMediaStore(dir, 'http://localhost').health()).toEqual({ ok: true, detail: `${dir} writable` });
    fs.writeFileSync(path.join(dir, 'file'), '');
    const blocked = await new LocalMediaStore(path.join(dir, 'file', 'media'), 'http://localhost').health();
    expect(blocked.ok).toBe(false);
    expect(blocked.detail).toMatch(/not writable/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
