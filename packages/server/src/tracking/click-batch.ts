// A click batch as the parameters of one statement: each column one array literal ('{1,2,3}') and the
// batch's stats_daily increments summed here as clicks arrive, rather than by a GROUP BY in the database.
import { easternDay, INVALID_REASONS } from '@salesdesk/contract';
import { easternDayBounds } from './uniques';

/** One click as the click path records it. */
export interface ClickRecord {
  id: number;
  time: Date;
  siteId: number;
  typeId: number;
  agentId: number;
  officeId: number;
  ip: string;
  isUnique: boolean;
  referer: string | null;
  userAgent: string | null;
  /** Why it was not a person (contract INVALID_REASONS' code), 0 for a valid click. */
  invalidReason: number;
}

/** easternDay() knows today's US daylight-saving rule, the tz database's since 2007; earlier, the database sums. */
const RULE_SINCE_MS = Date.UTC(2007, 0, 1);

/** The Eastern day of an instant, remembered for the day's span: a batch rarely spans two days. */
export class EasternDays {
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

/** Repeated strings (referers, user agents) sent once each: a click carries its 1-based index, 0 for
 *  none (an array subscript out of range is NULL in SQL). */
class Dictionary {
  private readonly index = new Map<string, number>();

  of(s: string | null): number {
    if (s === null) return 0;
    let i = this.index.get(s);
    if (i === undefined) this.index.set(s, (i = this.index.size + 1));
    return i;
  }

  toString() {
    return `{${[...this.index.keys()].map(quote).join(',')}}`;
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
  /** Invalid clicks by reason code - 1 (INVALID_REASONS order). */
  invalid: number[];
}

const INITIAL_CAPACITY = 1024;

/**
 * Up to one flush's clicks as columns of typed arrays, with the increments kept up to date. A click
 * leaves no object behind: holding each click's record and its pieces of the column texts until the
 * flush (up to 100 ms, past a young-generation GC) cost more than all the rest of the click
 * (bench/analysis.md). The texts are made at the flush, by the typed arrays' native join.
 */
export class ClickBatch {
  private n = 0;
  private capacity = INITIAL_CAPACITY;
  private ids = new Float64Array(INITIAL_CAPACITY);
  private ms = new Float64Array(INITIAL_CAPACITY);
  private sites = new Int32Array(INITIAL_CAPACITY);
  private types = new Int32Array(INITIAL_CAPACITY);
  private agents = new Int32Array(INITIAL_CAPACITY);
  private offices = new Int32Array(INITIAL_CAPACITY);
  private uniques = new Uint8Array(INITIAL_CAPACITY);
  private reasons = new Uint8Array(INITIAL_CAPACITY);
  private refererIds = new Int32Array(INITIAL_CAPACITY);
  private userAgentIds = new Int32Array(INITIAL_CAPACITY);
  private readonly ips: string[] = [];
  private readonly referers = new Dictionary();
  private readonly userAgents = new Dictionary();
  private readonly days = new EasternDays();
  // By agent, then a short list of its (day, site, type, office) rows: no key string per click.
  private readonly rollup = new Map<number, ClickRollupRow[]>();
  private rollupByDatabase = false;
  private ascending = true;

  static of(clicks: Iterable<ClickRecord>): ClickBatch {
    const batch = new ClickBatch();
    for (const c of clicks) batch.add(c);
    return batch;
  }

  get size(): number {
    return this.n;
  }

  add(c: ClickRecord) {
    const i = this.n;
    if (i === this.capacity) this.grow();
    if (i && c.id <= this.ids[i - 1]) this.ascending = false;
    const ms = c.time.getTime();
    this.ids[i] = c.id;
    this.ms[i] = ms;
    this.sites[i] = c.siteId;
    this.types[i] = c.typeId;
    this.agents[i] = c.agentId;
    this.offices[i] = c.officeId;
    this.uniques[i] = c.isUnique ? 1 : 0;
    this.reasons[i] = c.invalidReason;
    this.refererIds[i] = this.referers.of(c.referer);
    this.userAgentIds[i] = this.userAgents.of(c.userAgent);
    this.ips.push(c.ip);
    this.n = i + 1;
    if (this.rollupByDatabase) return;
    if (!(ms >= RULE_SINCE_MS)) {
      this.rollupByDatabase = true;
      return;
    }
    this.count(c, this.days.of(ms));
  }

  /** True when the batch holds the click with this id. */
  has(id: number): boolean {
    const ids = this.ids;
    if (!this.ascending) return ids.subarray(0, this.n).includes(id);
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = ids[mid];
      if (at === id) return true;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /**
   * The click columns, each one array literal: id, click_time as epoch ms, site, type, agent, office, ip,
   * is_unique (1 or 0), the referer's and the user agent's index, the distinct referers and user agents,
   * then the invalid reason codes.
   */
  columns(): string[] {
    const n = this.n;
    const list = (a: Float64Array | Int32Array | Uint8Array) => `{${a.subarray(0, n).join(',')}}`;
    return [
      list(this.ids),
      list(this.ms),
      list(this.sites),
      list(this.types),
      list(this.agents),
      list(this.offices),
      `{${this.ips.map(quote).join(',')}}`,
      list(this.uniques),
      list(this.refererIds),
      list(this.userAgentIds),
      this.referers.toString(),
      this.userAgents.toString(),
      list(this.reasons),
    ];
  }

  /** The increments, one row per (day, site, type, office, agent); null when the database must sum them
   *  (a click before easternDay()'s rule). */
  increments(): ClickRollupRow[] | null {
    return this.rollupByDatabase ? null : [...this.rollup.values()].flat();
  }

  private count(c: ClickRecord, day: string) {
    let rows = this.rollup.get(c.agentId);
    if (!rows) this.rollup.set(c.agentId, (rows = []));
    for (const row of rows) {
      if (
        row.day !== day ||
        row.typeId !== c.typeId ||
        row.siteId !== c.siteId ||
        row.officeId !== c.officeId
      )
        continue;
      row.raws++;
      if (c.isUnique) row.uniques++;
      if (c.invalidReason) row.invalid[c.invalidReason - 1]++;
      return;
    }
    const { siteId, typeId, officeId, agentId } = c;
    const invalid = INVALID_REASONS.map(() => 0);
    if (c.invalidReason) invalid[c.invalidReason - 1]++;
    rows.push({ day, siteId, typeId, officeId, agentId, raws: 1, uniques: c.isUnique ? 1 : 0, invalid });
  }

  private grow() {
    const size = (this.capacity *= 2);
    const wider = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.ids = wider(this.ids, Float64Array);
    this.ms = wider(this.ms, Float64Array);
    this.sites = wider(this.sites, Int32Array);
    this.types = wider(this.types, Int32Array);
    this.agents = wider(this.agents, Int32Array);
    this.offices = wider(this.offices, Int32Array);
    this.uniques = wider(this.uniques, Uint8Array);
    this.reasons = wider(this.reasons, Uint8Array);
    this.refererIds = wider(this.refererIds, Int32Array);
    this.userAgentIds = wider(this.userAgentIds, Int32Array);
  }
}

/** The rollup rows as array literals: day, site, type, office, agent, raws, uniques, then each invalid
 *  reason's count in INVALID_REASONS order. */
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
    ...INVALID_REASONS.map((_, i) => pick((r) => r.invalid[i])),
  ];
}
