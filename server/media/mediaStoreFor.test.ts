import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LocalMediaStore } from './mediaStore';
import { mediaCspSources, mediaStoreFor } from './mediaStoreFor';
import { QiniuMediaStore } from './qiniuStore';

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
});
