import type { Server } from 'node:http';
import net from 'node:net';

/**
 * Stops taking connections and lets every request finish, resetting no keep-alive
 * connection. `http.Server#close()` destroys at once every connection between two
 * requests, including one whose next request is already on the wire, and its client sees
 * a reset. Here each connection answers its next request with `Connection: close` and
 * ends cleanly; those that stay quiet for `idleGraceMs` are closed then.
 */
export function drainServer(server: Server, idleGraceMs: number): Promise<void> {
  server.prependListener('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  const closed = new Promise<void>((resolve) => {
    // net's close, not http's: it stops listening and waits, without the eager idle sweep.
    net.Server.prototype.close.call(server, () => resolve());
  });
  setTimeout(() => server.closeIdleConnections(), idleGraceMs).unref();
  return closed;
}
