import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Database } from '../../server/db/connection';
import { testApp } from './testApp';

/** The app listening on 127.0.0.1, on the configured port (which its media host names) or a free one, for the browser to visit. */
export async function startLiveServer(
  options: Parameters<typeof testApp>[0] = {},
): Promise<{ origin: string; database: Database; outboxDir: string; close: () => Promise<void> }> {
  const test = await testApp(options);
  const { app } = test;
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(options.config?.port ?? 0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    outboxDir: test.outboxDir,
    get database(): Database {
      return test.database;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
