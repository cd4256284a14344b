// `npm run import-legacy -- FILE.csv`: reads an old server's agent export, checks every line, and loads
// it into migration_agents only when no line is bad. Usernames already imported are left as they are.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { ZEmail, ZUsernameField } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { encryptSecret } from '../common/crypto';
import { migrationAgents } from '../db/schema';
import { importedUsernames } from './sql';

/** The export's columns, in any order, named on its first line (case does not matter). */
export const LEGACY_COLUMNS = [
  'username',
  'password',
  'firstName',
  'lastName',
  'email',
  'officeName',
] as const;
type Column = (typeof LEGACY_COLUMNS)[number];
const OPTIONAL: readonly Column[] = ['email'];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const printable = (s: z.ZodString) =>
  s.refine((v) => !CONTROL.test(v), 'Must not contain control characters');

const text = (label: string, max: number) =>
  printable(
    z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`),
  );

const ZLegacyAgent = z.object({
  username: ZUsernameField,
  password: printable(
    z.string().min(1, 'Password is required').max(128, 'Password is at most 128 characters'),
  ),
  firstName: text('First name', 64),
  lastName: text('Last name', 64),
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), ZEmail]))
    .transform((v) => v || null),
  officeName: text('Office name', 128),
});
export type LegacyAgent = z.output<typeof ZLegacyAgent>;

export interface LineError {
  line: number;
  message: string;
}

export interface LegacyFile {
  /** Lines read, the header included. */
  lines: number;
  agents: LegacyAgent[];
  errors: LineError[];
}

const PROGRESS_EVERY = 1000;

/** Maps the header to column positions; a missing, unknown or repeated column is an error of line 1. */
function readHeader(cells: string[]): { index: Map<Column, number>; errors: string[] } {
  const index = new Map<Column, number>();
  const errors: string[] = [];
  cells.forEach((cell, i) => {
    const column = LEGACY_COLUMNS.find((c) => c.toLowerCase() === cell.trim().toLowerCase());
    if (!column) errors.push(`Unknown column "${cell}"`);
    else if (index.has(column)) errors.push(`Column "${column}" is named twice`);
    else index.set(column, i);
  });
  for (const c of LEGACY_COLUMNS)
    if (!index.has(c) && !OPTIONAL.includes(c)) errors.push(`Column "${c}" is missing`);
  return { index, errors };
}

function readAgent(cells: string[], index: Map<Column, number>, width: number) {
  if (cells.length !== width)
    return { errors: [`Has ${cells.length} fields, the header has ${width}`] } as const;
  const raw = Object.fromEntries(LEGACY_COLUMNS.map((c) => [c, cells[index.get(c) ?? -1] ?? '']));
  const parsed = ZLegacyAgent.safeParse(raw);
  if (parsed.success) return { agent: parsed.data } as const;
  return { errors: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) } as const;
}

/** Reads and checks the whole export; `onProgress` hears the number of lines read every 1,000 records. */
export async function readLegacyCsv(
  input: Readable,
  onProgress?: (lines: number) => void,
): Promise<LegacyFile> {
  const parser = input.pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  const file: LegacyFile = { lines: 0, agents: [], errors: [] };
  const fail = (line: number, messages: readonly string[]) =>
    messages.forEach((message) => file.errors.push({ line, message }));
  let header: { index: Map<Column, number>; width: number } | undefined;
  let records = 0;
  const firstLine = new Map<string, number>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      file.lines = info.lines;
      if (!header) {
        const { index, errors } = readHeader(record);
        fail(info.lines, errors);
        if (errors.length) break;
        header = { index, width: record.length };
        continue;
      }
      const read = readAgent(record, header.index, header.width);
      if (read.agent) {
        const key = read.agent.username.toLowerCase();
        const seen = firstLine.get(key);
        if (seen) fail(info.lines, [`username: "${read.agent.username}" is already on line ${seen}`]);
        else firstLine.set(key, info.lines);
        file.agents.push(read.agent);
      } else fail(info.lines, read.errors);
      records += 1;
      if (records % PROGRESS_EVERY === 0) onProgress?.(file.lines);
    }
  } catch (err) {
    // A broken quote: the parser cannot find where the next record starts, so reading stops here.
    const line = (err as { lines?: number }).lines ?? file.lines + 1;
    fail(line, [(err as Error).message]);
  }
  if (!header && !file.errors.length) fail(1, ['The file is empty: it needs a header line']);
  onProgress?.(file.lines);
  return file;
}

export interface ImportResult extends LegacyFile {
  imported: number;
  alreadyImported: number;
}

const CHUNK = 500;

/** Loads checked agents in one transaction; a username imported before (any case) is kept as it was. */
export async function loadLegacyAgents(ctx: AppContext, list: LegacyAgent[]) {
  return ctx.db.transaction(async (tx) => {
    let imported = 0;
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK);
      const known = await importedUsernames(
        tx,
        chunk.map((a) => a.username),
      );
      const fresh = chunk.filter((a) => !known.has(a.username.toLowerCase()));
      if (!fresh.length) continue;
      const rows = await tx
        .insert(migrationAgents)
        .values(fresh.map(({ password, ...a }) => ({ ...a, password: encryptSecret(ctx.keys, password) })))
        .onConflictDoNothing()
        .returning({ id: migrationAgents.id });
      imported += rows.length;
    }
    return { imported, alreadyImported: list.length - imported };
  });
}

/** Reads FILE and loads it, or loads nothing when any line is bad (the errors say which). */
export async function importLegacyFile(
  ctx: AppContext,
  path: string,
  onProgress?: (lines: number) => void,
): Promise<ImportResult> {
  const file = await readLegacyCsv(fs.createReadStream(path), onProgress);
  if (file.errors.length) return { ...file, imported: 0, alreadyImported: 0 };
  return { ...file, ...(await loadLegacyAgents(ctx, file.agents)) };
}
