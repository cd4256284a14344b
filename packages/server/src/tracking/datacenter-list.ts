// The cloud providers' ranges of the DATACENTER reason (issue 35): the list a superadmin stored (System
// Options upload, or `npm run update-ip-ranges -- FILE`), else the dated copy shipped with the release.
// The tracking cache asks for it at each reload, but a list of tens of thousands of lines is read and
// parsed only when it changed (its row's time), and not at all while the reason is set to count.
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';
import { formError } from '../http/errors';
import { DATACENTER_LIST_FILE, datedListDate, IpRanges } from './ip-ranges';

export const DATACENTER_LIST = 'datacenter';
/** A list past this is refused: the providers' lists together are a few megabytes. */
export const DATACENTER_LIST_MAX_BYTES = 20 * 1024 * 1024;
const MAX_ERRORS_SHOWN = 5;

export interface DatacenterListInfo {
  /** `shipped`: the release's own copy; `uploaded`: a superadmin's. */
  source: 'shipped' | 'uploaded';
  listDate: string | null;
  entries: number;
  updatedAt: string | null;
}

type Parsed = { version: string; ranges: IpRanges };

/** The release's own copy; empty when a build left it out, so the reason only finds nothing. */
async function shippedText(): Promise<string> {
  try {
    return await fs.readFile(DATACENTER_LIST_FILE, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}
const parsed = new WeakMap<object, Parsed>();

/** The stored list's version (its time), or null when none is stored. */
async function storedVersion(db: Queryable): Promise<string | null> {
  const row = await queryOne<{ at: string }>(
    db,
    sql`select updated_at::text as at from ip_range_lists where name = ${DATACENTER_LIST}`,
  );
  return row?.at ?? null;
}

/** The ranges in force; parsed again only when the list changed. */
export async function datacenterRanges(db: Queryable): Promise<IpRanges> {
  const version = (await storedVersion(db)) ?? 'shipped';
  const known = parsed.get(db);
  if (known?.version === version) return known.ranges;
  const text =
    version === 'shipped'
      ? await shippedText()
      : ((
          await queryOne<{ body: string }>(
            db,
            sql`select body from ip_range_list_bodies where name = ${DATACENTER_LIST}`,
          )
        )?.body ?? '');
  const ranges = IpRanges.parse(text).ranges;
  parsed.set(db, { version, ranges });
  return ranges;
}

/** What System Options says of the list in force. */
export async function datacenterListInfo(db: Queryable): Promise<DatacenterListInfo> {
  const row = await queryOne<{ list_date: string; entries: number; at: string }>(
    db,
    sql`select list_date::text, entries, updated_at::text as at from ip_range_lists where name = ${DATACENTER_LIST}`,
  );
  if (row) return { source: 'uploaded', listDate: row.list_date, entries: row.entries, updatedAt: row.at };
  const text = await shippedText();
  return {
    source: 'shipped',
    listDate: datedListDate(text),
    entries: IpRanges.parse(text).ranges.size,
    updatedAt: null,
  };
}

/**
 * Checks a list (one address or CIDR range per line, an optional label after it, `#` comments) and
 * stores it in place of the one in force. Any line that does not read is refused with its number, and
 * nothing is stored. `today` dates a list that does not say its own date.
 */
export async function storeDatacenterList(
  db: Queryable,
  text: string,
  by: number | null,
  today: string,
): Promise<{ entries: number; listDate: string }> {
  if (Buffer.byteLength(text) > DATACENTER_LIST_MAX_BYTES)
    throw formError(`The list may be at most ${DATACENTER_LIST_MAX_BYTES / 1024 / 1024} MB`);
  const { ranges, errors } = IpRanges.parse(text);
  if (errors.length) {
    const shown = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `line ${e.line}: ${e.text}`);
    const more = errors.length > MAX_ERRORS_SHOWN ? ` and ${errors.length - MAX_ERRORS_SHOWN} more` : '';
    throw formError(`Not an address or range: ${shown.join('; ')}${more}`);
  }
  if (!ranges.size) throw formError('The list holds no address or range');
  const listDate = datedListDate(text) ?? today;
  // One statement: the list and its text change together.
  await db.execute(
    sql`with list as (
          insert into ip_range_lists (name, list_date, entries, updated_at, updated_by)
          values (${DATACENTER_LIST}, ${listDate}::date, ${ranges.size}, clock_timestamp(), ${by})
          on conflict (name) do update set list_date = excluded.list_date, entries = excluded.entries,
            updated_at = excluded.updated_at, updated_by = excluded.updated_by
          returning name
        )
        insert into ip_range_list_bodies (name, body) select name, ${text} from list
        on conflict (name) do update set body = excluded.body`,
  );
  return { entries: ranges.size, listDate };
}
