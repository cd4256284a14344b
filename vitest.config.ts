import os from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirst from './packages/server/src/test/slow-first.ts';

// Unit tests (contract, web) and API tests (server, through app.inject) in one run.
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core CI machine, which
    // leaves a core idle while a worker waits on PostgreSQL or a spawned server: 2 workers took the
    // PostgreSQL run from 287 s to 163 s and the PGlite one from 123 s to 83 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The longest files start first, so that none of them runs alone at the end (test/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          // Hang backstops, not speed checks: the PGlite pass runs beside the browser tests, where tests
          // taking 20 s on an idle machine came near 30 s (a fresh clone's template test passed it).
          testTimeout: 120_000,
          hookTimeout: 180_000,
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
          // Each file still gets its own modules and DOM, in a VM context of a reused worker rather than a
          // fresh process: a fresh process re-imported React, Mantine and happy-dom for each of the ~60
          // files, which took 70 s (106 s of CPU) of this project's run against 36 s (47 s of CPU) here.
          pool: 'vmThreads',
          setupFiles: ['packages/web/src/test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
