// The embedded store's backup file: gzip of text lines. A magic line, a header (JSON), then each table as
// `TABLE {json}`, its rows in COPY text format (one row a line) and `\.`, then `END {json}` with each
// table's row count. A COPY text row never is `\.` alone (a backslash is written `\\`).
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import type { PartitionInfo, SequenceValue } from './catalog';

export const MAGIC = 'SALESDESK-EMBEDDED-BACKUP 1';
export const END_OF_ROWS = '\\.';

export interface AppliedMigration {
  /** The migration's name where this code knows it. */
  tag?: string;
  hash: string;
  createdAt: string;
}

export interface Header {
  /** The store the backup was taken from. */
  source: 'pglite' | 'postgres';
  takenAt: string;
  migrations: AppliedMigration[];
  partitions: PartitionInfo[];
  sequences: SequenceValue[];
}

export interface TableHeader {
  name: string;
  columns: string[];
}

export interface Trailer {
  counts: Record<string, number>;
}

export type Entry =
  | { kind: 'header'; header: Header }
  | { kind: 'table'; table: TableHeader }
  | { kind: 'row'; line: string }
  | { kind: 'end-of-table' }
  | { kind: 'trailer'; trailer: Trailer };

/** What the first bytes say a file is. */
export function fileKind(file: string): 'embedded' | 'pg_dump' | 'unknown' {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const n = fs.readSync(fd, head, 0, 5, 0);
    if (n === 5 && head.toString('latin1') === 'PGDMP') return 'pg_dump';
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    return 'unknown';
  } finally {
    fs.closeSync(fd);
  }
}

export class BadBackupError extends Error {}

/** The file's entries in order; throws BadBackupError on a file that is not one or is cut short. */
export async function* readEntries(file: string): AsyncGenerator<Entry> {
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input: gunzip, crlfDelay: Infinity });
  let n = 0;
  let inTable = false;
  let ended = false;
  try {
    for await (const line of lines) {
      n++;
      if (ended) throw new BadBackupError('the file goes on after its end');
      if (n === 1) {
        if (line !== MAGIC) throw new BadBackupError('not a Salesdesk backup (or from a newer version)');
      } else if (n === 2) yield { kind: 'header', header: JSON.parse(line) as Header };
      else if (inTable) {
        if (line === END_OF_ROWS) {
          inTable = false;
          yield { kind: 'end-of-table' };
        } else yield { kind: 'row', line };
      } else if (line.startsWith('TABLE ')) {
        inTable = true;
        yield { kind: 'table', table: JSON.parse(line.slice(6)) as TableHeader };
      } else if (line.startsWith('END ')) {
        ended = true;
        yield { kind: 'trailer', trailer: JSON.parse(line.slice(4)) as Trailer };
      } else throw new BadBackupError(`unexpected line ${n}`);
    }
  } catch (err) {
    if (err instanceof BadBackupError) throw err;
    throw new BadBackupError(`the file cannot be read: ${(err as Error).message}`);
  }
  if (!ended) throw new BadBackupError('the file is cut short (no end record): the backup did not finish');
}

/** Reads the whole file once: its header, and whether every table's rows match the trailer's counts. */
export async function checkEmbedded(file: string): Promise<Header> {
  let header: Header | undefined;
  const counts: Record<string, number> = {};
  let current = '';
  for await (const e of readEntries(file)) {
    if (e.kind === 'header') header = e.header;
    else if (e.kind === 'table') counts[(current = e.table.name)] = 0;
    else if (e.kind === 'row') counts[current]++;
    else if (e.kind === 'trailer')
      for (const [name, n] of Object.entries(e.trailer.counts))
        if (counts[name] !== n)
          throw new BadBackupError(`table ${name} holds ${counts[name] ?? 0} rows where the file says ${n}`);
  }
  if (!header) throw new BadBackupError('the file has no header');
  return header;
}
