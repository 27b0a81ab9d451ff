import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { qetag } from './qetag';
import { qiniuUploadToken, verifyQiniuCallback } from './qiniu';
import { QiniuMediaStore } from './qiniuStore';
import { signedPolicy, signUploadToken, verifyUploadToken } from './uploadToken';

const CONFIG = {
  accessKey: 'MY_ACCESS_KEY',
  secretKey: 'MY_SECRET_KEY',
  bucket: 'my-bucket',
  domain: 'https://media.example.com',
  uploadUrl: 'https://upload.qiniup.com',
};
const urlSafe = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const policyOf = (token: string) => JSON.parse(Buffer.from(token.split(':')[2] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('Qiniu upload tokens', () => {
  it('sign as Qiniu documents it: the example of its upload-token page, byte for byte', () => {
    const policy = {
      scope: 'my-bucket:sunflower.jpg',
      deadline: 1451491200,
      returnBody: '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
    };
    expect(signedPolicy({ accessKey: 'MY_ACCESS_KEY', secret: 'MY_SECRET_KEY' }, policy)).toBe(
      'MY_ACCESS_KEY:wQ4ofysef1R7IKnrziqtomqyDvI=:eyJzY29wZSI6Im15LWJ1Y2tldDpzdW5mbG93ZXIuanBnIiwiZGVhZGxpbmUiOjE0NTE0OTEyMDAsInJldHVybkJvZHkiOiJ7XCJuYW1lXCI6JChmbmFtZSksXCJzaXplXCI6JChmc2l6ZSksXCJ3XCI6JChpbWFnZUluZm8ud2lkdGgpLFwiaFwiOiQoaW1hZ2VJbmZvLmhlaWdodCksXCJoYXNoXCI6JChldGFnKX0ifQ==',
    );
  });

  it('put the bucket in insert-only mode, limit size and type, and fix the uploader in the callback body', () => {
    const now = Date.UTC(2026, 5, 1);
    const token = qiniuUploadToken(CONFIG, { userId: 7, articleId: 42, maxBytes: 5000, now, callbackOrigin: 'https://zine.example' }, 3600_000);
    const [ak, sign, encoded] = token.split(':');
    expect(ak).toBe('MY_ACCESS_KEY');
    expect(sign).toBe(
      urlSafe(
        createHmac('sha1', 'MY_SECRET_KEY')
          .update(encoded ?? '')
          .digest(),
      ),
    );
    expect(policyOf(token)).toEqual({
      scope: 'my-bucket',
      deadline: now / 1000 + 3600,
      insertOnly: 1,
      fsizeLimit: 5000,
      mimeLimit: 'image/jpeg;image/png;image/gif;image/webp',
      endUser: '7',
      callbackUrl: 'https://zine.example/api/attachments/qiniu/callback/',
      callbackBody: 'key=$(key)&hash=$(etag)&fsize=$(fsize)&mimeType=$(mimeType)&user=7&article=42',
      callbackBodyType: 'application/x-www-form-urlencoded',
    });
  });
});

describe('Qiniu callback verification', () => {
  const path = '/api/attachments/qiniu/callback/';
  const body = 'key=abcdef12_hd.png&hash=Fabc&fsize=10&mimeType=image%2Fpng&user=7&article=42';
  const form = 'application/x-www-form-urlencoded';
  const qbox = (data: string, secret = 'MY_SECRET_KEY', ak = 'MY_ACCESS_KEY') => `QBox ${ak}:${urlSafe(createHmac('sha1', secret).update(data).digest())}`;

  it('accepts QBox <AK>:<HMAC-SHA1 of path, newline and form body>', () => {
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body, authorization: qbox(`${path}\n${body}`) })).toBe(true);
    expect(
      verifyQiniuCallback(CONFIG, { pathWithQuery: `${path}?a=1`, contentType: `${form}; charset=utf-8`, body, authorization: qbox(`${path}?a=1\n${body}`) }),
    ).toBe(true);
  });

  it('signs only the path for a body that is not a form', () => {
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: 'application/json', body: '{"x":1}', authorization: qbox(`${path}\n`) })).toBe(true);
  });

  it('refuses an altered body or path, another key, another account, or no signature', () => {
    const authorization = qbox(`${path}\n${body}`);
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body: body.replace('fsize=10', 'fsize=1'), authorization })).toBe(false);
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: `${path}?x`, contentType: form, body, authorization })).toBe(false);
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body, authorization: qbox(`${path}\n${body}`, 'OTHER_SECRET') })).toBe(false);
    expect(
      verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body, authorization: qbox(`${path}\n${body}`, 'MY_SECRET_KEY', 'OTHER') }),
    ).toBe(false);
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body, authorization: '' })).toBe(false);
    expect(verifyQiniuCallback(CONFIG, { pathWithQuery: path, contentType: form, body, authorization: authorization.replace('QBox', 'Qiniu') })).toBe(false);
  });
});

describe('the embedded upload token', () => {
  const key = { accessKey: 'zine', secret: Buffer.from('k'.repeat(64)) };
  const policy = { scope: 'media', deadline: 2_000_000_000, fsizeLimit: 100, mimeLimit: 'image/*', endUser: '3', articleId: 9 };

  it('comes back as signed until its deadline', () => {
    const token = signUploadToken(key, policy);
    expect(verifyUploadToken(key, token, 1_999_999_999_000)).toEqual(policy);
    expect(verifyUploadToken(key, token, 2_000_000_000_000)).toBe('expired');
  });

  it('is refused when altered or signed with another key', () => {
    const token = signUploadToken(key, policy);
    expect(verifyUploadToken({ ...key, secret: Buffer.from('x'.repeat(64)) }, token, 0)).toBe('invalid');
    const [ak, sign] = token.split(':');
    const larger = Buffer.from(JSON.stringify({ ...policy, fsizeLimit: 1e12 })).toString('base64');
    expect(verifyUploadToken(key, `${ak}:${sign}:${larger}`, 0)).toBe('invalid');
    expect(verifyUploadToken(key, signedPolicy(key, { ...policy, articleId: 'x' }), 0)).toBe('invalid');
    expect(verifyUploadToken(key, 'a:b', 0)).toBe('invalid');
  });
});

describe('qetag, the hash of an upload', () => {
  it('matches Qiniu’s for a small file and one of several 4 MB blocks', () => {
    expect(qetag(Buffer.alloc(0))).toBe('Fto5o-5ea0sNMlW_75VgGJCv2AcJ');
    const big = Buffer.alloc(5 * 1024 * 1024, 1);
    const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();
    const blocks = Buffer.concat([sha1(big.subarray(0, 4 * 1024 * 1024)), sha1(big.subarray(4 * 1024 * 1024))]);
    expect(qetag(big)).toBe(urlSafe(Buffer.concat([Buffer.from([0x96]), sha1(blocks)])));
    expect(qetag(big).startsWith('l')).toBe(true);
  });
});

describe('QiniuMediaStore', () => {
  it('stores a server-side file (a booklet cover) through Qiniu’s form upload, scoped to its key', async () => {
    const calls: { url: string; form: FormData }[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: url instanceof Request ? url.url : url.toString(), form: init?.body as FormData });
      return new Response('{"key":"covers/abcdef12_hd.png"}', { status: 200 });
    }) as typeof fetch;
    const store = new QiniuMediaStore(CONFIG, 'https://zine.example', fakeFetch);
    const url = await store.save('covers/abcdef12_hd.png', Buffer.from('png bytes'), 'image/png');
    expect(url).toBe('https://media.example.com/covers/abcdef12_hd.png');
    expect(calls[0]?.url).toBe('https://upload.qiniup.com');
    expect(calls[0]?.form.get('key')).toBe('covers/abcdef12_hd.png');
    expect(policyOf(String(calls[0]?.form.get('token') as string))).toMatchObject({ scope: 'my-bucket:covers/abcdef12_hd.png' });
    await expect(store.save('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
  });

  it('fails loudly when Qiniu refuses', async () => {
    const store = new QiniuMediaStore(CONFIG, 'https://zine.example', async () => new Response('{"error":"bad token"}', { status: 401 }));
    await expect(store.save('abcdef12_hd.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/401/);
  });

  it('hands the editor a Qiniu token, Qiniu’s upload address and the bucket’s domain', async () => {
    const store = new QiniuMediaStore(CONFIG, 'https://zine.example');
    const ticket = await store.uploadTicket({ userId: 1, articleId: 2, maxBytes: 3, now: 0 });
    expect(ticket).toMatchObject({ upload_url: 'https://upload.qiniup.com', domain: 'https://media.example.com' });
    expect(ticket.token.startsWith('MY_ACCESS_KEY:')).toBe(true);
  });
});
