import http from 'node:http';

/** A desktop browser: the render cache keys pages by client class (as in `npm run bench`). */
export const BROWSER = {
  'Accept-Encoding': 'gzip',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
} as const;

export type Headers = Record<string, string>;

/**
 * A different client address per call, sent as X-Forwarded-For (the server trusts the loopback proxy):
 * the search and sign-in limiters count per address, and a benchmark asks more than a reader would.
 */
let addressCounter = 0;
export function freshAddress(): Headers {
  addressCounter++;
  return { 'X-Forwarded-For': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}` };
}

/** One connection kept open: sequential requests, as one reader clicking. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Timed {
  status: number;
  ms: number;
  bytes: number;
}

/** One GET, timed from sending to the last byte of the (still compressed) body. */
export function timedGet(url: string, headers: Headers): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { ...BROWSER, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A GET's JSON (decoded), for what a row needs to know first (a last page's number). */
export async function getJson(url: string, headers: Headers): Promise<unknown> {
  const res = await fetch(url, { headers: { ...BROWSER, ...headers } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

export async function getText(url: string, headers: Headers = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: { ...BROWSER, ...headers } });
  return { status: res.status, text: await res.text() };
}
