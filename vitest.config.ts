import { defineConfig } from 'vitest/config';

// Unit tests (contract, web) and API tests (server, through app.inject) in one run.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // Files in a worker share one database (PGlite takes seconds to create).
          isolate: false,
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/src/test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
