// What a backup reads from the catalog: every table of every schema that is not a system one, in an
// order that loads (a table after those its foreign keys name), with its columns and primary key. A table
// an area adds later is included with no change here.
import type { RunSql } from '../db/raw-session';

export type { RunSql };

export const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

export interface TableInfo {
  /** schema-qualified and quoted, ready for SQL: "public"."clicks_2026_09" */
  qualified: string;
  /** schema.name, as the file and the progress name it */
  name: string;
  columns: string[];
  /** The primary key's columns, with their types for literals. */
  key: { column: string; type: string }[];
}

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

interface Row {
  oid: number;
  schema: string;
  name: string;
  root: number;
}

/** The tables holding rows (plain tables and partitions, not partitioned parents), in loading order. */
export async function listTables(run: RunSql): Promise<TableInfo[]> {
  const rows = await run<Row>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            coalesce(pg_partition_root(c.oid), c.oid)::int as root
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and ${SYSTEM_SCHEMAS}
     order by n.nspname, c.relname`,
  );
  const edges = await run<{ from: number; to: number }>(
    `select distinct coalesce(pg_partition_root(k.conrelid), k.conrelid)::int as "from",
            coalesce(pg_partition_root(k.confrelid), k.confrelid)::int as "to"
     from pg_constraint k where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const order = loadOrder(rows, edges);
  const out: TableInfo[] = [];
  for (const r of order) out.push(await describe(run, r));
  return out;
}

/** Tables ordered so every one comes after the tables it references (by their partition roots). */
function loadOrder(rows: Row[], edges: { from: number; to: number }[]): Row[] {
  const needs = new Map<number, number[]>();
  for (const e of edges) needs.set(e.from, [...(needs.get(e.from) ?? []), e.to]);
  const done = new Set<number>();
  const visiting = new Set<number>();
  const roots: number[] = [];
  const visit = (root: number) => {
    if (done.has(root) || visiting.has(root)) return;
    visiting.add(root);
    for (const to of needs.get(root) ?? []) visit(to);
    visiting.delete(root);
    done.add(root);
    roots.push(root);
  };
  for (const r of rows) visit(r.root);
  const rank = new Map(roots.map((root, i) => [root, i]));
  return [...rows].sort((a, b) => rank.get(a.root)! - rank.get(b.root)!);
}

async function describe(run: RunSql, r: Row): Promise<TableInfo> {
  const columns = await run<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = ${r.oid} and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  const key = await run<{ column: string; type: string }>(
    `select a.attname as column, format_type(a.atttypid, a.atttypmod) as type
     from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, pos)
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
     where i.indrelid = ${r.oid} and i.indisprimary order by k.pos`,
  );
  return {
    qualified: `${quoteIdent(r.schema)}.${quoteIdent(r.name)}`,
    name: `${r.schema}.${r.name}`,
    columns: columns.map((c) => c.name),
    key,
  };
}

export interface PartitionInfo {
  name: string;
  parent: string;
  /** FOR VALUES FROM (...) TO (...), or DEFAULT */
  bound: string;
}

/** The partitions that exist (month and default ones), to create the same before loading. */
export function listPartitions(run: RunSql): Promise<PartitionInfo[]> {
  return run<PartitionInfo>(
    `select format('%I.%I', n.nspname, c.relname) as name, format('%I.%I', pn.nspname, p.relname) as parent,
            pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_inherits i on i.inhrelid = c.oid join pg_class p on p.oid = i.inhparent
     join pg_namespace pn on pn.oid = p.relnamespace
     where c.relispartition and c.relkind in ('r', 'p') and ${SYSTEM_SCHEMAS} order by 1`,
  );
}

export interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

/** Every sequence's position, so a restored table's next id follows the last one copied. */
export async function listSequences(run: RunSql): Promise<SequenceValue[]> {
  const seqs = await run<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1`,
  );
  const out: SequenceValue[] = [];
  for (const s of seqs) {
    const [v] = await run<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${s.name}`,
    );
    out.push({ name: s.name, ...v });
  }
  return out;
}

/** True when the database holds no table outside the system schemas. */
export async function isEmpty(run: RunSql): Promise<boolean> {
  const [row] = await run<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${SYSTEM_SCHEMAS}`,
  );
  return row.n === 0;
}

/** Drops everything outside the system schemas (restore --overwrite), leaving an empty public schema. */
export async function dropEverything(run: RunSql): Promise<void> {
  const schemas = await run<{ name: string }>(
    `select n.nspname as name from pg_namespace n where ${SYSTEM_SCHEMAS}`,
  );
  for (const s of schemas) await run(`drop schema ${quoteIdent(s.name)} cascade`);
  await run('create schema public');
  // As PostgreSQL 15 creates it: everyone may use it, only its owner creates in it.
  await run('grant usage on schema public to public');
}
