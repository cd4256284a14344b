// Every table as a row count and an md5 of its rows in primary-key order: equal digests, equal rows. The
// backup tests compare a source with its restored copy; the server computes it inside a backup's
// snapshot when a test asks (never in production).
import { listTables, quoteIdent, type RunSql } from './catalog';

export interface TableDigest {
  rows: number;
  md5: string | null;
}

export async function tableDigests(run: RunSql): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const t of await listTables(run)) {
    const order = t.key.map((k) => quoteIdent(k.column)).join(', ');
    const [d] = await run<TableDigest>(
      `select count(*)::int as rows, md5(string_agg(t::text, '|' order by ${order})) as md5 from ${t.qualified} t`,
    );
    out[t.name] = d;
  }
  return out;
}
