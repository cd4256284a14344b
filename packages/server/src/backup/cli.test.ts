// The real commands, as `npm run backup` and `npm run restore` run them: progress lines, the size line,
// exit codes, the refusal of a non-empty target and --overwrite; on PostgreSQL (TEST_DATABASE_URL) also
// the refusal of a pg_dump file by the embedded store.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { entryArgs } from '../test/app-build';
import { freshStore, removeTempDirs, tempDir } from '../test/backup-fixtures';

afterAll(removeTempDirs);

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, [...entryArgs(`backup/${name}-cli`), ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SECRET_KEY: 'cli-test-secret-key-0123456789',
      ...env,
    },
    encoding: 'utf8',
    timeout: 600_000, // a hang backstop: a command of seconds took minutes at load average 30
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

/** The settings the server would read for `store`: DATABASE_URL, else a DATA_DIR holding pglite/. */
const envOf = (store: NonNullable<Awaited<ReturnType<typeof freshStore>>>): Record<string, string> =>
  store.target.url
    ? { DATABASE_URL: store.target.url, DATA_DIR: tempDir() }
    : { DATA_DIR: path.dirname(store.target.pgliteDir!) };

it(`backs up and restores with the commands on ${kind}`, async () => {
  const source = (await freshStore(kind, 'bk_cli_src'))!;
  const target = (await freshStore(kind, 'bk_cli_dst'))!;
  await (await source.open()).close();
  const file = path.join(tempDir(), 'cli.backup');

  const backup = cli('backup', [file], envOf(source));
  expect(backup.err).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.out).toMatch(/^table 1 of \d+: \S+$/m);
  const size = fs.statSync(file).size;
  expect(backup.out).toMatch(new RegExp(`backup written: .+, .*${size} bytes\\)?$`, 'm'));

  const restore = cli('restore', [file], envOf(target));
  expect(restore.code).toBe(0);
  expect(restore.out).toMatch(/^table \d+ of \d+: /m);
  expect(restore.out).toMatch(/restore finished$/m);

  const again = cli('restore', [file], envOf(target));
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/restore refused: the target database is not empty.*--overwrite/);
  expect(cli('restore', [file, '--overwrite'], envOf(target)).code).toBe(0);

  const missing = cli('restore', [`${file}.missing`], envOf(target));
  expect(missing.code).toBe(1);
  expect(missing.err).toMatch(/no backup file/);
  expect(cli('restore', [], envOf(target)).code).toBe(2);

  if (kind === 'postgres') {
    const intoEmbedded = cli('restore', [file], { DATA_DIR: tempDir() });
    expect(intoEmbedded.code).toBe(1);
    expect(intoEmbedded.err).toMatch(/restores into PostgreSQL only/);
  }
}, 900_000); // a hang backstop, not a speed check (seven commands, each a process of its own)
