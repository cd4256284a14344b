// The app and its commands built once per test run (global-setup.ts) into plain JS, so that each server or
// command a test spawns starts from one file instead of transpiling its ~300 source files through tsx: a
// PGlite restart took 8.4 s of CPU from source and 5.6 s built (the durability and backup tests restart
// dozens of times). The browser tests build their servers and specs with the same bundler (bundleToNewDir);
// `npm start` runs the source through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../config';
import { APP_BUILD_ENV } from './server-process';

export { APP_BUILD_ENV };

const ENTRIES = ['main', 'backup/backup-cli', 'backup/restore-cli', 'rollups/rebuild-cli'] as const;
export type Entry = (typeof ENTRIES)[number];

/** `node` arguments that run `entry`: the build when there is one, else the source through tsx. */
export function entryArgs(entry: Entry): string[] {
  const dir = process.env[APP_BUILD_ENV];
  if (dir && fs.existsSync(path.join(dir, `${entry}.mjs`)))
    return ['--enable-source-maps', path.join(dir, `${entry}.mjs`)];
  return ['--import', 'tsx', `packages/server/src/${entry}.ts`];
}

const SRC = path.join(REPO_ROOT, 'packages/server/src');

// Packages stay outside the build and load from node_modules as they do from source; the workspace's own
// (@salesdesk/contract, TypeScript) goes in. A file's own import.meta.url stays its source file's
// (config.ts finds the checkout by it, db/client.ts the migrations).
const plugin: Plugin = {
  name: 'salesdesk-test-build',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@salesdesk/') || args.path.startsWith('node:')) return undefined;
      // Node's ESM loader wants the file's extension where a package has no exports map (dayjs/plugin/utc).
      const file = path.join(REPO_ROOT, 'node_modules', args.path);
      const spec = !fs.existsSync(file) && fs.existsSync(`${file}.js`) ? `${args.path}.js` : args.path;
      return { path: spec, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles TypeScript `entries` into plain ES modules in a new directory `{prefix}…` under `root` (inside
 * the checkout, so that the packages left outside resolve from its node_modules) and answers it; the caller
 * removes it. The browser tests build their servers (e2e/support/shared-server.ts) and specs
 * (e2e/build-specs.ts) with it too.
 */
export async function bundleToNewDir(
  root: string,
  prefix: string,
  entries: Array<{ in: string; out: string }>,
): Promise<string> {
  fs.mkdirSync(root, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(root, prefix));
  await build({
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS code that calls require() finds it as it would in an ES module of its own.
    banner: {
      js: "import { createRequire as __salesdeskRequire } from 'node:module'; const require = __salesdeskRequire(import.meta.url);",
    },
    plugins: [plugin],
  });
  return outdir;
}

/** Builds every entry into a new directory under packages/server/dist and answers it; the caller removes it. */
export const buildApp = () =>
  bundleToNewDir(
    path.join(REPO_ROOT, 'packages/server/dist'),
    'test-app-',
    ENTRIES.map((e) => ({ in: path.join(SRC, `${e}.ts`), out: e })),
  );
