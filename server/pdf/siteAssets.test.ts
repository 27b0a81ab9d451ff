import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOriginOf, siteAssetFetcher } from './siteAssets';

let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/media/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end('png-bytes');
    else if (req.url === '/big') res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2000));
    else if (req.url === '/away') res.writeHead(302, { location: 'http://example.com/' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('siteAssetFetcher', () => {
  const fetcher = () => siteAssetFetcher({ internalOrigin: origin, aliases: ['https://zine.example'], mediaOrigins: [], maxBytes: 1000, timeoutMs: 2000 });

  it('answers this server’s files, also under its public origin', async () => {
    expect((await fetcher()(`${origin}/media/a.png`))?.body.toString()).toBe('png-bytes');
    const aliased = await fetcher()('https://zine.example/media/a.png');
    expect(aliased?.contentType).toBe('image/png');
  });

  it('blocks other hosts, redirects, missing and oversized files', async () => {
    expect(await fetcher()('https://example.com/media/a.png')).toBeNull();
    expect(await fetcher()(`${origin}/away`)).toBeNull();
    expect(await fetcher()(`${origin}/nothing`)).toBeNull();
    expect(await fetcher()(`${origin}/big`)).toBeNull();
    expect(await fetcher()('not a url')).toBeNull();
  });
});

describe('siteAssetFetcher and a media host elsewhere', () => {
  it('fetches the media host’s images from it, and nothing else of other hosts', async () => {
    const media = origin.replace('127.0.0.1', 'localhost');
    const fetcher = siteAssetFetcher({ internalOrigin: 'http://127.0.0.1:9', aliases: [], mediaOrigins: [media], maxBytes: 1000, timeoutMs: 2000 });
    expect((await fetcher(`${media}/media/a.png`))?.body.toString()).toBe('png-bytes');
    expect(await fetcher(`${media}/big`)).toBeNull();
    expect(await fetcher(`${media}/away`)).toBeNull();
    expect(await fetcher(`${origin}/media/a.png`)).toBeNull();
  });
});

describe('localOriginOf', () => {
  it('names the local end of a socket', () => {
    expect(localOriginOf({ localAddress: '::ffff:127.0.0.1', localPort: 3000 })).toBe('http://127.0.0.1:3000');
    expect(localOriginOf({ localAddress: '::1', localPort: 80 })).toBe('http://[::1]:80');
    expect(localOriginOf({})).toBeNull();
  });
});
