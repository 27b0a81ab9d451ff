import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const ENGINE_INDEPENDENT = ['tests/http/lifecycle.test.ts', 'tests/http/clientSize.test.ts', 'tests/http/serverDependencies.test.ts'];

const http = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    // The operator commands work on the database too: they run on both engines.
    include: ['tests/http/**/*.test.{ts,tsx}', 'server/admin/**/*.test.ts'],
    // Files that never touch the database run once, on SQLite.
    exclude: env.TEST_ENGINE === 'postgres' ? ENGINE_INDEPENDENT : [],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    // Files share a worker's modules: each builds its own app and database, and importing the
    // server again for every file was a third of the suite's time.
    isolate: false,
    // Some tests build their own app, with its own database or PostgreSQL schema and its migrations:
    // on a loaded 2-core machine that alone took 4 s of vitest's default 5 (a harness limit, not a budget).
    testTimeout: 15_000,
    env: { LOG_LEVEL: 'silent', ...env },
    ...(env.TEST_ENGINE === 'postgres' ? { globalSetup: ['tests/support/pgGlobalSetup.ts'] } : {}),
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine. Files
    // are independent (each has its own database or schema and free ports), so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/*.test.ts'],
          exclude: ['server/admin/**'],
          environment: 'node',
          setupFiles: ['tests/support/setup.ts'],
        },
      },
      http('http', { TEST_ENGINE: 'sqlite' }),
      // The same HTTP suite again on PostgreSQL whenever a server is given (DESIGN §5).
      ...(process.env.TEST_DATABASE_URL ? [http('http-pg', { TEST_ENGINE: 'postgres' })] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After the other projects: journeys wait on timers (autosave) and would be slowed by them.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
