// docs/adding-an-area.md names only paths that exist: every file or folder it quotes is found from the
// repository, a package's src, or e2e (a bare file name, an area's `routes.ts`, anywhere in a package).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

const DOC = path.join(REPO_ROOT, 'docs/adding-an-area.md');
const BASES = [
  '.',
  'packages/server',
  'packages/web',
  'packages/server/src',
  'packages/web/src',
  'packages/contract/src',
  'e2e',
  'e2e/specs',
];
const SOURCES = ['packages/server/src', 'packages/web/src', 'packages/contract/src'];

/** The quoted words that name a file (by its extension) or a folder (by its trailing slash). */
function quotedPaths(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const named = quoted.filter(
    (q) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(q) && (/\.(tsx?|md|sql|json)$/.test(q) || q.endsWith('/')),
  );
  return [...new Set(named)];
}

function filesNamed(dir: string, name: string): boolean {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    if (entry.name === name) return true;
    if (entry.isDirectory() && filesNamed(path.join(dir, entry.name), name)) return true;
  }
  return false;
}

const exists = (p: string) =>
  BASES.some((b) => fs.existsSync(path.join(REPO_ROOT, b, p))) ||
  (!p.includes('/') && SOURCES.some((s) => filesNamed(path.join(REPO_ROOT, s), p)));

describe('docs/adding-an-area.md', () => {
  it('finds the paths it quotes, and only quoted paths that look like paths', () => {
    expect(quotedPaths('`logs/list-body.ts`, `ctx.db`, `accounts/me`, `db/`, `<area>.ts`')).toEqual([
      'logs/list-body.ts',
      'db/',
    ]);
  });

  it('names only paths that exist', () => {
    const paths = quotedPaths(fs.readFileSync(DOC, 'utf8'));
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });
});
