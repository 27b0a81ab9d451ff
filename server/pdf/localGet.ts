import http from 'node:http';

export interface LocalResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * GET on this server's own address, one connection per call (no keep-alive: nothing of
 * the exporter holds the server's connections open after a job), redirects not followed,
 * a body larger than `maxBytes` or slower than `timeoutMs` refused.
 */
export function localGet(url: string, options: { timeoutMs: number; maxBytes: number }): Promise<LocalResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: options.timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy(new Error(`larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (size > options.maxBytes) return;
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? 'application/octet-stream', body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer in ${options.timeoutMs} ms`)));
    request.on('error', reject);
  });
}
