// Every row of a database as a digest per table (each partition on its own): its count and the md5 of
// its rows in primary-key order. Columns a later migration adds are left out by digesting the columns
// an earlier digest saw, so "every row still there" compares the old columns' values.
export interface TableDigest {
  columns: string[];
  rows: number;
  md5: string | null;
}

type Run = (text: string) => Promise<Record<string, unknown>[]>;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every ordinary table (and partition) of every schema but the system ones and the migration bookkeeping. */
async function tables(run: Run) {
  const rows = await run(`
    select n.nspname as schema, c.relname as name,
           (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
           (select array_agg(a.attname::text order by array_position(i.indkey, a.attnum)) from pg_index i
              join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
       and n.nspname not like 'pg\\_%'
     order by 1, 2`);
  return rows as { schema: string; name: string; columns: string[]; key: string[] | null }[];
}

/** The digest of each table; `columnsOf` (an earlier digest) limits each table to the columns it had. */
export async function digestTables(
  run: Run,
  columnsOf?: Record<string, TableDigest>,
): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const t of await tables(run)) {
    const id = `${t.schema}.${t.name}`;
    const columns = columnsOf?.[id]?.columns ?? t.columns;
    if (columnsOf && !columnsOf[id]) continue;
    const row = `row(${columns.map(q).join(', ')})::text`;
    const order = t.key?.length ? t.key.map(q).join(', ') : row;
    const [d] = await run(
      `select count(*)::int as rows, md5(string_agg(${row}, '|' order by ${order})) as md5 from ${q(t.schema)}.${q(t.name)}`,
    );
    out[id] = { columns, rows: Number(d.rows), md5: (d.md5 as string | null) ?? null };
  }
  return out;
}
