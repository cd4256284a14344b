// A click batch as the parameters of one statement, built click by click as the clicks arrive: each
// column one array literal ('{1,2,3}') and the batch's stats_daily increments summed here rather than by
// a GROUP BY in the database. Built at add() time, a flush only joins finished strings, so the event loop
// never stops for a whole batch's encoding while clicks wait (bench/analysis.md).
import { easternDay } from '@salesdesk/contract';
import type { ClickRecord } from './sql';
import { easternDayBounds } from './uniques';

/** easternDay() knows today's US daylight-saving rule, the tz database's since 2007; earlier, the database sums. */
const RULE_SINCE_MS = Date.UTC(2007, 0, 1);

/** The Eastern day of an instant, remembered for the day's span: a batch rarely spans two days. */
class EasternDays {
  private start = 0;
  private end = 0;
  private day = '';

  of(ms: number): string {
    if (ms < this.start || ms >= this.end) {
      this.day = easternDay(new Date(ms));
      ({ start: this.start, end: this.end } = easternDayBounds(ms));
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

/** Up to one flush's clicks, with their column literals and increments kept up to date. */
export class ClickBatch {
  readonly clicks: ClickRecord[] = [];
  private readonly cols = ['', '', '', '', '', '', '', '', '', ''];
  private readonly referers = new Dictionary();
  private readonly userAgents = new Dictionary();
  private readonly days = new EasternDays();
  // By day, site, type, office and agent.
  private readonly rollup = new Map<string, ClickRollupRow>();
  private rollupByDatabase = false;
  private ascending = true;

  static of(clicks: Iterable<ClickRecord>): ClickBatch {
    const batch = new ClickBatch();
    for (const c of clicks) batch.add(c);
    return batch;
  }

  get size(): number {
    return this.clicks.length;
  }

  add(c: ClickRecord) {
    const sep = this.clicks.length ? ',' : '';
    const last = this.clicks[this.clicks.length - 1];
    if (last && c.id <= last.id) this.ascending = false;
    this.clicks.push(c);
    const ms = c.time.getTime();
    const cols = this.cols;
    cols[0] += sep + c.id;
    cols[1] += sep + ms;
    cols[2] += sep + c.siteId;
    cols[3] += sep + c.typeId;
    cols[4] += sep + c.agentId;
    cols[5] += sep + c.officeId;
    cols[6] += sep + quote(c.ip);
    cols[7] += sep + (c.isUnique ? 't' : 'f');
    cols[8] += sep + this.referers.of(c.referer);
    cols[9] += sep + this.userAgents.of(c.userAgent);
    if (this.rollupByDatabase) return;
    if (!(ms >= RULE_SINCE_MS)) {
      this.rollupByDatabase = true;
      return;
    }
    const day = this.days.of(ms);
    const key = `${day} ${c.siteId} ${c.typeId} ${c.officeId} ${c.agentId}`;
    const row = this.rollup.get(key);
    if (row) {
      row.raws++;
      if (c.isUnique) row.uniques++;
    } else {
      const { siteId, typeId, officeId, agentId } = c;
      this.rollup.set(key, { day, siteId, typeId, officeId, agentId, raws: 1, uniques: c.isUnique ? 1 : 0 });
    }
  }

  /** The click with this id, if the batch holds it. */
  find(id: number): ClickRecord | undefined {
    const clicks = this.clicks;
    if (!this.ascending) return clicks.find((c) => c.id === id);
    let lo = 0;
    let hi = clicks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = clicks[mid].id;
      if (at === id) return clicks[mid];
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /**
   * The click columns, each one array literal: id, click_time as epoch ms, site, type, agent, office, ip,
   * is_unique, the referer's and the user agent's index, then the distinct referers and user agents.
   */
  columns(): string[] {
    return [...this.cols.map((col) => `{${col}}`), this.referers.toString(), this.userAgents.toString()];
  }

  /** The increments, one row per (day, site, type, office, agent); null when the database must sum them
   *  (a click before easternDay()'s rule). */
  increments(): ClickRollupRow[] | null {
    return this.rollupByDatabase ? null : [...this.rollup.values()];
  }
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
