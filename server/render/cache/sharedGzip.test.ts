import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipWithReaderParts, sharedGzipOf } from './sharedGzip';
import { withReaderParts, type SharedLayout } from './sharedParts';

describe('the gzip of a shared page', () => {
  const page = Buffer.from(
    `<head>${'a header of the page '.repeat(300)}<state>{"account":{}}</state><nav>Sign In</nav><main>${'the article body, 正文 '.repeat(700)}</main>`,
  );
  const text = page.toString();
  const range = (open: string, close: string): [number, number] => {
    const from = Buffer.byteLength(text.slice(0, text.indexOf(open) + open.length));
    return [from, Buffer.byteLength(text.slice(0, text.indexOf(close)))];
  };
  const layout: SharedLayout = {
    routeIds: ['root', 'article'],
    articleAuthor: 'ann',
    state: '{"account":{}}',
    account: {},
    renderedAt: 0,
    stateRange: range('<state>', '</state>'),
    navRange: range('<nav>', '</nav>'),
  };

  it('decodes to the page with the reader parts in place, as one gzip member with the right checksum and length', async () => {
    const pieces = await sharedGzipOf(page, layout);
    const state = Buffer.from('{"account":{"info":{"username":"ben"}}}');
    const nav = Buffer.from('<button>ben</button>');
    const gzip = gzipWithReaderParts(page, layout, pieces, state, nav);
    const plain = withReaderParts(page, layout, state, nav);
    expect(zlib.gunzipSync(gzip).equals(plain)).toBe(true);
    expect(plain.toString()).toContain('<state>{"account":{"info":{"username":"ben"}}}</state><nav><button>ben</button></nav><main>the article');
    expect(gzip.length).toBeLessThan(plain.length / 4);
  });

  it('fails its own check when a stored piece is not the page it claims', async () => {
    const pieces = await sharedGzipOf(page, layout);
    const wrong = { ...pieces, crcBefore: pieces.crcBefore ^ 1 };
    expect(() => zlib.gunzipSync(gzipWithReaderParts(page, layout, wrong, Buffer.from('{}'), Buffer.from('')))).toThrow();
  });
});
