import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../../server/startup/seed/demo';
import { launchBrowser } from './browser';
import { startLiveServer } from './liveServer';

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

export interface DemoSite {
  readonly browser: Browser;
  readonly server: LiveServer;
}

/**
 * Registers the hooks of a browser test on the demo: before all tests, Chromium and a live
 * server seeded with the demo (then `prepare`, for what a file adds to it); after all, both closed.
 * The answer's `browser` and `server` are there once the hooks have run.
 */
export function demoSite(prepare?: (server: LiveServer) => Promise<void>): DemoSite {
  let browser: Browser | undefined;
  let server: LiveServer | undefined;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
    await seedDemo(server.database.db, Date.now);
    await prepare?.(server);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get browser(): Browser {
      if (!browser) throw new Error('the demo site is not up: use it inside a test');
      return browser;
    },
    get server(): LiveServer {
      if (!server) throw new Error('the demo site is not up: use it inside a test');
      return server;
    },
  };
}
