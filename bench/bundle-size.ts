// Web bundle size: gzip of what the first page load fetches (the entry script, its preloads and
// stylesheets) and of the lazy chunks, beside the smallest React 19 app built by the same Vite.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from './lib/processes';

const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');

export interface BundleSizes {
  /** gzip bytes of the JS and CSS the first load fetches. */
  initialJs: number;
  initialCss: number;
  /** gzip bytes of every other JS chunk (loaded on demand), and the largest of them. */
  lazyJs: number;
  largestLazy: { file: string; bytes: number };
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** The files index.html loads at once: module script, modulepreload and stylesheet links. */
function initialAssets(dist: string): Set<string> {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  return new Set(refs.map((r) => path.join(dist, r)));
}

export function measureBundle(dist: string): BundleSizes {
  const initial = initialAssets(dist);
  const assets = fs.readdirSync(path.join(dist, 'assets')).map((f) => path.join(dist, 'assets', f));
  const sizes: BundleSizes = { initialJs: 0, initialCss: 0, lazyJs: 0, largestLazy: { file: '', bytes: 0 } };
  for (const file of assets) {
    const bytes = gzipBytes(file);
    if (initial.has(file)) {
      if (file.endsWith('.js')) sizes.initialJs += bytes;
      if (file.endsWith('.css')) sizes.initialCss += bytes;
    } else if (file.endsWith('.js')) {
      sizes.lazyJs += bytes;
      if (bytes > sizes.largestLazy.bytes) sizes.largestLazy = { file: path.basename(file), bytes };
    }
  }
  return sizes;
}

/** `npm run build`, then the baseline app into a temp directory; answers both measurements. */
export function benchBundle(): { web: BundleSizes; baseline: BundleSizes } {
  // Output is kept for the error only: Vite's chunk-size advice is not a benchmark failure.
  execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'pipe' });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bundle-baseline-'));
  try {
    const root = path.join(REPO_ROOT, 'bench/bundle-baseline');
    // Run from the web workspace, whose Vite it is; no config there, so Vite's defaults.
    const args = [
      'exec',
      '-w',
      '@salesdesk/web',
      '--',
      'vite',
      'build',
      root,
      '--outDir',
      out,
      '--emptyOutDir',
    ];
    execFileSync('npm', args, { cwd: REPO_ROOT, stdio: 'pipe' });
    return { web: measureBundle(WEB_DIST), baseline: measureBundle(out) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
