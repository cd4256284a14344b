import { beforeAll, describe, expect, it } from 'vitest';
import { testEnv, type TestEnv } from '../test/harness';
import { sql } from './client';
import { param, preparedStatement, queryPrepared } from './prepared';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const ECHO = preparedStatement(
  'test_prepared_echo',
  sql`select ${param(1, 'text')} as text, ${param(2, 'int')} + 1 as next,
             ${param(3, 'timestamptz')} as at, ${param(4, 'boolean')} as flag`,
);
// Whichever connection runs it has prepared it, so it always finds itself.
const OWN_NAME = preparedStatement(
  'test_prepared_own_name',
  sql`select name from pg_prepared_statements where name = ${param(1, 'text')}`,
);

describe('queryPrepared', () => {
  it('runs a named statement with its values on this store, again and again', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    for (let i = 0; i < 7; i++) {
      const [row] = await queryPrepared<{ text: string; next: number; at: Date | string; flag: boolean }>(
        env.ctx.db,
        ECHO,
        [`run ${i}`, i, at, i % 2 === 0],
      );
      expect({ ...row, at: new Date(row.at).toISOString() }).toEqual({
        text: `run ${i}`,
        next: i + 1,
        at: at.toISOString(),
        flag: i % 2 === 0,
      });
    }
    const names = await queryPrepared<{ name: string }>(env.ctx.db, OWN_NAME, ['test_prepared_own_name']);
    expect(names).toEqual([{ name: 'test_prepared_own_name' }]);
  });

  it('takes any text literally: quotes, backslashes, dollars, unicode and null', async () => {
    for (const text of ["it's", "'); drop table sales; --", 'a\\b\\', "\\'", '$1 $$', 'naïve 販売 🙂', '']) {
      const [row] = await queryPrepared<{ text: string }>(env.ctx.db, ECHO, [text, 0, null, null]);
      expect(row.text).toBe(text);
    }
    const [row] = await queryPrepared<{ text: string | null; at: unknown }>(env.ctx.db, ECHO, [
      null,
      0,
      null,
      null,
    ]);
    expect(row).toMatchObject({ text: null, at: null });
    await expect(queryPrepared(env.ctx.db, ECHO, ['a\0b', 0, null, null])).rejects.toThrow();
  });

  it('runs unprepared inside a transaction, and sees its writes', async () => {
    const COUNT = preparedStatement(
      'test_prepared_count',
      sql`select count(*)::int as n from prepared_probe where v = ${param(1, 'text')}`,
    );
    await env.ctx.db.execute(sql`create table if not exists prepared_probe (v text)`);
    let inside = -1;
    const rolledBack = await env.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe values ('in tx')`);
        inside = (await queryPrepared<{ n: number }>(tx, COUNT, ['in tx']))[0].n;
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(Error);
    expect(inside).toBe(1);
    const [after] = await queryPrepared<{ n: number }>(env.ctx.db, COUNT, ['in tx']);
    expect(after.n).toBe(0);
  });

  it('refuses a bad name and values bound into the text', () => {
    expect(() => preparedStatement('drop table x', sql`select 1`)).toThrow(/name/);
    expect(() => preparedStatement('bound', sql`select ${1}`)).toThrow(/param/);
  });
});
