import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../common/crypto';
import { queryRows, sql } from '../db/client';
import { uniqueName } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { importLegacyFile, readLegacyCsv } from './import-legacy';

const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sample-legacy-agents.csv');

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const read = (text: string) => readLegacyCsv(Readable.from([text]));
const tmpFile = (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-')), 'agents.csv');
  fs.writeFileSync(file, text);
  return file;
};
const HEADER = 'username,password,firstName,lastName,email,officeName\n';
const rowsNamed = (names: string[]) =>
  queryRows<{ username: string; password_secret: string; email: string | null }>(
    env.ctx.db,
    sql`select username, password_secret, email from migration_agents
        where username in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
  );

describe('readLegacyCsv', () => {
  it('reads the shipped sample without errors, reporting progress in lines', async () => {
    const progress: number[] = [];
    const file = await readLegacyCsv(fs.createReadStream(SAMPLE), (n) => progress.push(n));
    expect(file.errors).toEqual([]);
    expect(file.lines).toBe(5);
    expect(file.agents.map((a) => a.username)).toEqual(['legacy01', 'legacy02', 'legacy03', 'legacy04']);
    expect(file.agents[1]).toMatchObject({ email: null, officeName: 'Manila Central' });
    expect(file.agents[2].lastName).toBe('De Leon');
    expect(progress.at(-1)).toBe(5);
  });

  it('takes the columns in any order and any case; email is optional', async () => {
    const file = await read(
      'OfficeName,USERNAME,password,lastname,firstName\nCebu Sales,zed1,pw,Last,First\n',
    );
    expect(file.errors).toEqual([]);
    expect(file.agents).toEqual([
      {
        username: 'zed1',
        password: 'pw',
        firstName: 'First',
        lastName: 'Last',
        email: null,
        officeName: 'Cebu Sales',
      },
    ]);
  });

  it('reports every bad line with its line number', async () => {
    const file = await read(
      HEADER +
        'good1,pw,A,B,,Office\n' + // line 2
        'elevenchars,pw,A,B,,Office\n' + // 3
        'bad2,,A,B,not-mail,Office\n' + // 4
        '\n' + // 5: an empty line is skipped, yet counted
        'short,pw,A\n' + // 6
        'GOOD1,pw,A,B,,Office\n' + // 7: the same username again
        'nul1,pw,A\u0000,B,,Office\n', // 8
    );
    expect(file.errors).toEqual([
      { line: 3, message: 'username: Username must be at most 10 characters' },
      { line: 4, message: 'password: Password is required' },
      { line: 4, message: 'email: Enter a valid email' },
      { line: 6, message: 'Has 3 fields, the header has 6' },
      { line: 7, message: 'username: "GOOD1" is already on line 2' },
      { line: 8, message: 'firstName: Must not contain control characters' },
    ]);
  });

  it('reports a bad header, an empty file and a broken quote', async () => {
    expect((await read('username,password,firstName,colour,username\n')).errors).toEqual([
      { line: 1, message: 'Unknown column "colour"' },
      { line: 1, message: 'Column "username" is named twice' },
      { line: 1, message: 'Column "lastName" is missing' },
      { line: 1, message: 'Column "officeName" is missing' },
    ]);
    expect((await read('')).errors).toEqual([
      { line: 1, message: 'The file is empty: it needs a header line' },
    ]);
    const broken = await read(HEADER + 'a1,pw,A,B,,Office\na2,"pw,A,B,,Office\n');
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0].line).toBeGreaterThanOrEqual(3);
  });
});

describe('importLegacyFile', () => {
  it('loads a good file once: importing it again adds nothing; the password is stored encrypted', async () => {
    const names = [uniqueName('l'), uniqueName('l')];
    const file = tmpFile(
      HEADER + names.map((n) => `${n},pw-${n},A,B,${n}@example.com,Cebu Sales\n`).join(''),
    );
    const first = await importLegacyFile(env.ctx, file);
    expect(first).toMatchObject({ errors: [], imported: 2, alreadyImported: 0 });
    const again = await importLegacyFile(
      env.ctx,
      tmpFile(HEADER + `${names[0].toUpperCase()},x,A,B,,Cebu Sales\n`),
    );
    expect(again).toMatchObject({ errors: [], imported: 0, alreadyImported: 1 });
    expect((await importLegacyFile(env.ctx, file)).imported).toBe(0);
    const rows = await rowsNamed(names);
    expect(rows).toHaveLength(2);
    expect(rows[0].password_secret).not.toContain('pw-');
    expect(decryptSecret(env.ctx.keys, rows[0].password_secret)).toBe(`pw-${rows[0].username}`);
  });

  it('loads nothing of a file with a bad line', async () => {
    const good = uniqueName('l');
    const file = tmpFile(HEADER + `${good},pw,A,B,,Cebu Sales\ntoolongname1,pw,A,B,,Cebu Sales\n`);
    const result = await importLegacyFile(env.ctx, file);
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([{ line: 3, message: 'username: Username must be at most 10 characters' }]);
    expect(await rowsNamed([good])).toEqual([]);
  });
});
