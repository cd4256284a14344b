// A click batch as the parameters of one statement: each column one array literal ('{1,2,3}') built in
// one pass, so neither the driver nor the database handles a value per click twice, and the batch's
// stats_daily increments summed here rather than by a GROUP BY in the database's thread.
import { easternDay, easternDayStart } from '@salesdesk/contract';
import type { ClickRecord } from './sql';

/** easternDay() knows today's US daylight-saving rule, the tz database's since 2007; earlier, the database sums. */
const RULE_SINCE_MS = Date.UTC(2007, 0, 1);
const HOUR_MS = 3_600_000;

/** The Eastern day of an instant, remembered for the day's span: a batch rarely spans two days. */
class EasternDays {
  private start = 0;
  private end = 0;
  private day = '';

  of(ms: number): string {
    if (ms < this.start || ms >= this.end) {
      this.day = easternDay(new Date(ms));
      this.start = easternDayStart(this.day).getTime();
      // A day lasts 23 to 25 hours, so 30 hours after its start is always in the next one.
      this.end = easternDayStart(easternDay(new Date(this.start + 30 * HOUR_MS))).getTime();
    }
    return this.day;
  }
}

// Array literal elements: numbers as they print; text double-quoted with \ and " escaped.
const quote = (s: string) => `"${/["\\]/.test(s) ? s.replace(/["\\]/g, '\\$&') : s}"`;

/** Repeated strings (referers, user agents) sent once each: a click carries its 1-based index. */
class Dictionary {
  private readonly index = new Map<string, number>();
  private literal = '';

  of(s: string | null): string {
    if (s === null) return 'NULL';
    let i = this.index.get(s);
    if (i === undefined) {
      this.index.set(s, (i = this.index.size + 1));
      this.literal += (i > 1 ? ',' : '') + quote(s);
    }
    return String(i);
  }

  toString() {
    return `{${this.literal}}`;
  }
}

export interface ClickRollupRow {
  day: string;
  siteId: number;
  typeId: number;
  officeId: number;
  agentId: number;
  raws: number;
  uniques: number;
}

/** The batch's stats_daily increments, one row per (day, site, type, office, agent); null when the
 *  database must compute them (a click before the rule's start). */
export function sumClickIncrements(batch: ClickRecord[]): ClickRollupRow[] | null {
  const days = new EasternDays();
  const rows = new Map<string, ClickRollupRow>();
  for (const c of batch) {
    const ms = c.time.getTime();
    if (!(ms >= RULE_SINCE_MS)) return null;
    const day = days.of(ms);
    const key = `${day} ${c.siteId} ${c.typeId} ${c.officeId} ${c.agentId}`;
    const row = rows.get(key);
    if (row) {
      row.raws++;
      if (c.isUnique) row.uniques++;
    } else {
      const { siteId, typeId, officeId, agentId } = c;
      rows.set(key, { day, siteId, typeId, officeId, agentId, raws: 1, uniques: c.isUnique ? 1 : 0 });
    }
  }
  return [...rows.values()];
}

/**
 * The click columns, each one array literal: id, click_time as epoch ms, site, type, agent, office, ip,
 * is_unique, the referer's and the user agent's index, then the distinct referers and user agents.
 */
export function clickColumns(batch: ClickRecord[]): string[] {
  const cols = ['', '', '', '', '', '', '', '', '', ''];
  const referers = new Dictionary();
  const userAgents = new Dictionary();
  let sep = '';
  for (const c of batch) {
    cols[0] += sep + c.id;
    cols[1] += sep + c.time.getTime();
    cols[2] += sep + c.siteId;
    cols[3] += sep + c.typeId;
    cols[4] += sep + c.agentId;
    cols[5] += sep + c.officeId;
    cols[6] += sep + quote(c.ip);
    cols[7] += sep + (c.isUnique ? 't' : 'f');
    cols[8] += sep + referers.of(c.referer);
    cols[9] += sep + userAgents.of(c.userAgent);
    sep = ',';
  }
  return [...cols.map((col) => `{${col}}`), referers.toString(), userAgents.toString()];
}

/** The rollup rows as seven array literals: day, site, type, office, agent, raws, uniques. */
export function rollupColumns(rows: ClickRollupRow[]): string[] {
  const pick = (f: (r: ClickRollupRow) => string | number) => `{${rows.map(f).join(',')}}`;
  return [
    pick((r) => r.day),
    pick((r) => r.siteId),
    pick((r) => r.typeId),
    pick((r) => r.officeId),
    pick((r) => r.agentId),
    pick((r) => r.raws),
    pick((r) => r.uniques),
  ];
}
