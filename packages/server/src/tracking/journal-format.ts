// A tick's clicks as the journals keep them: one line per click, tab-separated, in the order of
// ClickRecord. Text is built by concatenation (no object per field, no JSON per click): on the click
// path this runs for every click. A referer or user agent that could break the line (a tab, a line
// break) or that starts with the escape mark is written as the mark then its JSON, so any text reads
// back unchanged; null is the empty field.
import { INVALID_REASONS } from '@salesdesk/contract';
import type { ClickRecord } from './click-batch';

const ESCAPED = '\x1e';
const MARK = 0x1e;
const BREAKS = /[\t\n\r]/;

function text(s: string | null): string {
  if (s === null) return '';
  return s === '' || s.charCodeAt(0) === MARK || BREAKS.test(s) ? ESCAPED + JSON.stringify(s) : s;
}

/** The clicks as journal lines, each ending with a line break. */
export function encodeClicks(clicks: readonly ClickRecord[]): string {
  let out = '';
  for (const c of clicks) {
    out +=
      c.id +
      '\t' +
      c.time.getTime() +
      '\t' +
      c.siteId +
      '\t' +
      c.typeId +
      '\t' +
      c.agentId +
      '\t' +
      c.officeId +
      '\t' +
      text(c.ip) +
      '\t' +
      (c.isUnique ? '1' : '0') +
      '\t' +
      text(c.referer) +
      '\t' +
      text(c.userAgent) +
      '\t' +
      c.invalidReason +
      '\n';
  }
  return out;
}

/** A line of this version; one without the reason (a journal left by the version before) is a valid click. */
const FIELDS = 11;
const FIELDS_BEFORE_REASONS = 10;
const REASON = /^\d$/;

function readText(s: string): string | null {
  if (s === '') return null;
  return s.charCodeAt(0) === MARK ? (JSON.parse(s.slice(1)) as string) : s;
}

function readInt(s: string): number {
  const n = Number(s);
  if (s === '' || !Number.isSafeInteger(n)) throw new Error('not an integer');
  return n;
}

/**
 * The clicks of journal text. A line that does not read whole is skipped and counted: only the last
 * write of a process killed in the middle of it can be torn, and its clicks were never answered.
 */
export function decodeClicks(journal: string): { clicks: ClickRecord[]; skipped: number } {
  const clicks: ClickRecord[] = [];
  let skipped = 0;
  let start = 0;
  for (let end = journal.indexOf('\n'); end >= 0; end = journal.indexOf('\n', (start = end + 1))) {
    const click = decodeLine(journal.slice(start, end));
    if (click) clicks.push(click);
    else skipped++;
  }
  if (start < journal.length) skipped++; // a line without its line break: the torn last write
  return { clicks, skipped };
}

function decodeLine(line: string): ClickRecord | null {
  const f = line.split('\t');
  if ((f.length !== FIELDS && f.length !== FIELDS_BEFORE_REASONS) || (f[7] !== '0' && f[7] !== '1'))
    return null;
  if (f.length === FIELDS && !(REASON.test(f[10]) && Number(f[10]) <= INVALID_REASONS.length)) return null;
  try {
    const ip = readText(f[6]);
    if (ip === null) return null;
    return {
      id: readInt(f[0]),
      time: new Date(readInt(f[1])),
      siteId: readInt(f[2]),
      typeId: readInt(f[3]),
      agentId: readInt(f[4]),
      officeId: readInt(f[5]),
      ip,
      isUnique: f[7] === '1',
      referer: readText(f[8]),
      userAgent: readText(f[9]),
      invalidReason: f.length === FIELDS ? Number(f[10]) : 0,
    };
  } catch {
    return null;
  }
}
