// The migrations as drizzle's journal lists them, and a copy of the folder cut at one of them: a restore
// builds the schema a backup was taken at before loading its rows, then applies the newer ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from './client';

export interface JournalEntry {
  tag: string;
  /** What drizzle stores as the migration's created_at. */
  when: number;
}

interface Journal {
  entries: JournalEntry[];
}

const readJournal = (dir: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;

/** The migrations this code has, oldest first. */
export const journalEntries = (dir = MIGRATIONS_DIR): JournalEntry[] =>
  readJournal(dir).entries.map(({ tag, when }) => ({ tag, when }));

/**
 * A temporary copy of the migrations up to `last` (a tag) with its journal cut there; the caller removes
 * it (`fs.rmSync(dir, { recursive: true })`). The migration files are never edited, only added, so the
 * cut folder builds exactly the schema an older version built.
 */
export function migrationsUpTo(last: string, from = MIGRATIONS_DIR): string {
  const journal = readJournal(from);
  const end = journal.entries.findIndex((e) => e.tag === last);
  if (end < 0) throw new Error(`no migration ${last}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-migrations-'));
  const entries = journal.entries.slice(0, end + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(from, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
