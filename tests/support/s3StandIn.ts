import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Config } from '../../server/s3Config';

export const STAND_IN_KEY_ID = 'zine-test-key';
export const STAND_IN_SECRET = 'zine-test-secret-0001';

interface StoredObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

export interface S3StandIn {
  /** The settings an app uses to reach it (path style, the right keys); `secret` overrides the secret key. */
  config(overrides?: Partial<S3Config>): S3Config;
  /** The keys in the bucket. */
  keys(): string[];
  object(key: string): StoredObject | undefined;
  /** Requests refused for a bad signature. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A small S3 on 127.0.0.1 for tests: one bucket, path-style PUT/GET/HEAD/DELETE of objects and
 * HEAD of the bucket, in memory. Every request must carry an AWS Signature V4 made with the
 * stand-in's secret (and a body matching its signed hash), as S3 checks: a wrong key is refused
 * with 403 SignatureDoesNotMatch.
 */
export async function startS3StandIn(bucket = 'zine-media'): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const standIn: S3StandIn = {
    config: (overrides = {}) => ({
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: STAND_IN_KEY_ID,
      secretAccessKey: STAND_IN_SECRET,
      region: 'us-east-1',
      forcePathStyle: true,
      ...overrides,
    }),
    keys: () => [...objects.keys()].sort(),
    object: (key) => objects.get(key),
    refused: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(req, body);
      if (problem) {
        standIn.refused += 1;
        return fail(res, req.method === 'HEAD', 403, problem.code, problem.message);
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const key = rest.map((part) => decodeURIComponent(part)).join('/');
      if (bucketName !== bucket) return fail(res, req.method === 'HEAD', 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) {
        if (req.method === 'HEAD') return void res.writeHead(200).end();
        return fail(res, false, 405, 'MethodNotAllowed', 'Only HEAD of the bucket is supported here');
      }
      const stored = objects.get(key);
      if (req.method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'application/octet-stream', etag });
        return void res.writeHead(200, { ETag: etag }).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, false, 405, 'MethodNotAllowed', 'Not supported here');
      if (!stored) return fail(res, req.method === 'HEAD', 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, { 'Content-Type': stored.contentType, 'Content-Length': stored.bytes.length, ETag: stored.etag });
      res.end(req.method === 'GET' ? stored.bytes : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return standIn;
}

function fail(res: http.ServerResponse, head: boolean, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Checks the request's AWS Signature V4 (header form) against the stand-in's secret. */
function signatureProblem(req: http.IncomingMessage, body: Buffer): { code: string; message: string } | null {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!auth) return { code: 'AccessDenied', message: 'An AWS Signature V4 is required' };
  const [, keyId = '', date = '', region = '', signedHeaders = '', signature = ''] = auth;
  if (keyId !== STAND_IN_KEY_ID) return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return { code: 'XAmzContentSHA256Mismatch', message: 'The provided x-amz-content-sha256 header does not match what was computed.' };
  }
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  const query = [...url.searchParams.entries()]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method ?? 'GET', rawPath, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date'] ?? ''), scope, sha256(canonicalRequest)].join('\n');
  const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${STAND_IN_SECRET}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return null;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
