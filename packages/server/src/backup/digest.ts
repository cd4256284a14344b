// Every table as a row count and an md5 of its rows in primary-key order: equal digests, equal rows. The
// backup tests compare a source with its restored copy, the upgrade test a database before and after the
// migrations; the server computes it inside a backup's snapshot when a test asks (never in production).
import { listTables, quoteIdent, type RunSql } from './catalog';

export interface TableDigest {
  columns: string[];
  rows: number;
  md5: string | null;
}

export interface DigestOptions {
  /**
   * An earlier digest: only its tables, each with the columns it had, so a column or a table a later
   * migration adds does not count as a change of the rows that were there.
   */
  columnsOf?: Record<string, TableDigest>;
  /** Tables left out by name (`schema.table`). */
  skip?: (name: string) => boolean;
}

export async function tableDigests(
  run: RunSql,
  { columnsOf, skip }: DigestOptions = {},
): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const t of await listTables(run)) {
    if (skip?.(t.name) || (columnsOf && !columnsOf[t.name])) continue;
    const columns = columnsOf?.[t.name].columns ?? t.columns;
    const row = `row(${columns.map(quoteIdent).join(', ')})::text`;
    const order = t.key.length ? t.key.map((k) => quoteIdent(k.column)).join(', ') : row;
    const [d] = await run<{ rows: number; md5: string | null }>(
      `select count(*)::int as rows, md5(string_agg(${row}, '|' order by ${order})) as md5 from ${t.qualified}`,
    );
    out[t.name] = { columns, rows: Number(d.rows), md5: d.md5 };
  }
  return out;
}
