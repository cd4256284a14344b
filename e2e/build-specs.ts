// The spec files and their runner bundled into plain ES modules before a run, as the API tests build the
// app for the servers they spawn. Each spec file runs in a process of its own, which through tsx spent
// about 1.2 s of CPU before its first step (resolving and transforming the contract's 65 files, the
// helpers and the web rules one module at a time); bundled, about 0.5 s, most of it Playwright's own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleToNewDir } from '@salesdesk/server/src/test/app-build';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BuiltSpecs {
  /** The runner (run-specs.ts) built. */
  runner: string;
  /** Each spec given, built, in the same order. */
  specs: string[];
  remove(): void;
}

/** Builds run-specs.ts and `specs` (paths relative to e2e/) into a new directory under e2e/dist. */
export async function buildSpecs(specs: string[]): Promise<BuiltSpecs> {
  const out = (file: string) => file.replace(/\.ts$/, '');
  const dir = await bundleToNewDir(
    path.join(here, 'dist'),
    'specs-',
    ['run-specs.ts', ...specs].map((f) => ({ in: path.join(here, f), out: out(f) })),
  );
  return {
    runner: path.join(dir, 'run-specs.mjs'),
    specs: specs.map((f) => path.join(dir, `${out(f)}.mjs`)),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
