// Named prepared statements on either store: parsed and planned once per connection, then only executed.
// PostgreSQL: node-postgres `{ name, text, values }` on the pool (each connection prepares on first use).
// PGlite: its query() parses and plans on every call, so the statement is PREPAREd once in SQL and run
// as EXECUTE name('literal', ...) in one simple-protocol message.
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from './handle';
import { inWriteTransaction } from './request-scope';

export interface PreparedStatement {
  name: string;
  /** The statement with `$1`, `$2`, ... each cast to its type, so PREPARE infers every type. */
  text: string;
}

export type PreparedValue = string | number | boolean | Date | null;
type Row = Record<string, unknown>;
type Runner = (statement: PreparedStatement, values: PreparedValue[]) => Promise<Row[]>;

/** The n-th parameter of a prepared statement, cast to `type` (`param(1, 'bigint')` is `$1::bigint`). */
export const param = (n: number, type: string): SQL => sql.raw(`$${n}::${type}`);

const dialect = new PgDialect();

/** A statement to prepare under `name`; `query` takes its values only through param(). */
export function preparedStatement(name: string, query: SQL): PreparedStatement {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad prepared statement name: ${name}`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length) throw new Error(`${name}: pass values through param(), not bound into the text`);
  return { name, text };
}

// The runner of each database opened by openDatabase; a transaction or another handle has none. Inside an
// audited write the handle answers from its transaction, so its statements go there too (unprepared).
const runners = new WeakMap<Db, Runner>();

/** Runs `statement` with `values` and answers its rows, typed as the store's driver parses them. */
export function queryPrepared<T = Row>(
  db: Queryable,
  statement: PreparedStatement,
  values: PreparedValue[],
): Promise<T[]> {
  const run = (inWriteTransaction(db as Db) ? undefined : runners.get(db as Db)) ?? unpreparedRunner(db);
  return run(statement, values.map(normalize)) as Promise<T[]>;
}

const normalize = (v: PreparedValue): PreparedValue => (v instanceof Date ? v.toISOString() : v);

/** Called by openDatabase: statements on `db` go to the pool by name. */
export function usePostgresPrepared(
  db: Db,
  pool: { query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> },
) {
  runners.set(db, async (s, values) => (await pool.query({ name: s.name, text: s.text, values })).rows);
}

/** Called by openDatabase: statements on `db` are PREPAREd once on the PGlite session, then EXECUTEd. */
export function usePglitePrepared(db: Db, client: { exec(query: string): Promise<{ rows: Row[] }[]> }) {
  const prepared = new Map<string, Promise<unknown>>();
  const prepare = (s: PreparedStatement) => {
    let done = prepared.get(s.name);
    if (!done) {
      done = client.exec(`prepare ${s.name} as ${s.text}`).catch((e: unknown) => {
        prepared.delete(s.name);
        throw e;
      });
      prepared.set(s.name, done);
    }
    return done;
  };
  runners.set(db, async (s, values) => {
    await prepare(s);
    const args = values.length ? `(${values.map(literal).join(', ')})` : '';
    const results = await client.exec(`execute ${s.name}${args}`);
    return results[0]?.rows ?? [];
  });
}

/** A value as an escape-string literal, correct whatever standard_conforming_strings says. */
function literal(v: PreparedValue): string {
  if (v === null) return 'null';
  const text = String(v);
  if (text.includes('\0')) throw new Error('A text value cannot contain a NUL character');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Inside a transaction (or on an unregistered handle): the same text and values through Drizzle. */
function unpreparedRunner(db: Queryable): Runner {
  return async (s, values) => {
    const parts = s.text.split(/\$(\d+)/); // odd entries are parameter numbers
    const query = sql.join(parts.map((p, i) => (i % 2 ? sql`${values[Number(p) - 1]}` : sql.raw(p))));
    return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  };
}
