// The ledger is the one money writer (issue 32 F2): outside ledger/, no module inserts money rows into
// sales, changes a money column of one, writes money figures into stats_daily, a pay period's row or an
// event of the outbox (issue 34).
// Tests, their fixtures (test/) and test data may set rows up; the rebuild (rollups/) recomputes stats_daily from the
// rows; the demo's bulk history (demo/history-bulk.ts) inserts sales in bulk with the ledger's rates and
// then rebuilds their figures.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const BULK_SALES = 'demo/history-bulk.ts';

/** The columns of a sales row that are money or decide it (what, whose, when, in which state). */
const MONEY_COLUMNS = new Set([
  'date',
  'event_type',
  'site_id',
  'type_id',
  'agent_id',
  'office_id',
  'payout',
  'earning',
  'lpp',
  'status',
  'hold_until',
  'reversal_kind',
  'reverses_id',
]);

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(full);
    return e.name.endsWith('.ts') && !/\.test(-data)?\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The columns each `update sales ... set` of `text` assigns. */
function salesColumnsSet(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /update\s+sales\b[\s\S]*?\bset\b([\s\S]*?)(?:\bfrom\b|\bwhere\b|\breturning\b|`)/gi,
  ))
    for (const a of m[1].matchAll(/(?:^|,)\s*(\w+)\s*=(?!=)/g)) found.push(a[1].toLowerCase());
  return found;
}

/** What `text` (the file `file`, relative to src/) writes that only the ledger may. */
export function moneyWrites(file: string, text: string): string[] {
  const out: string[] = [];
  if (/insert\s+into\s+sales\b|\.insert\(\s*sales\s*\)/i.test(text) && file !== BULK_SALES)
    out.push('inserts into sales');
  if (/\.update\(\s*sales\s*\)/.test(text)) out.push('updates sales through drizzle');
  for (const c of salesColumnsSet(text)) if (MONEY_COLUMNS.has(c)) out.push(`sets sales.${c}`);
  if (
    /insert\s+into\s+stats_daily\b/i.test(text) &&
    /SALE_INCREMENTS|saleIncrements/.test(text) &&
    !file.startsWith('rollups/')
  )
    out.push('writes money figures into stats_daily');
  if (
    /insert\s+into\s+pay_periods\b|update\s+pay_periods\s+set\s+status\b|\.(insert|update)\(\s*payPeriods\s*\)/i.test(
      text,
    )
  )
    out.push("writes a pay period's row");
  // The outbox: an event exists exactly when its change committed, so only the change's writer adds it.
  if (/insert\s+into\s+webhook_events\b|\.insert\(\s*webhookEvents\s*\)/i.test(text))
    out.push('writes an event');
  return out;
}

describe('the ledger is the one money writer', () => {
  it('finds every kind of money write it looks for', () => {
    expect(moneyWrites('x.ts', 'sql`insert into sales (date) values (1)`')).toEqual(['inserts into sales']);
    expect(moneyWrites('x.ts', 'sql`update sales s set status = 2, note = ${n} where s.id = 1`')).toEqual([
      'sets sales.status',
    ]);
    expect(moneyWrites('x.ts', 'sql`update sales set fraud_flags = fraud_flags | 4 where id = 1`')).toEqual(
      [],
    );
    expect(moneyWrites('x.ts', 'db.update(sales).set({ status: 1 })')).toEqual([
      'updates sales through drizzle',
    ]);
    expect(moneyWrites('x.ts', 'sql`insert into stats_daily (c) select ${SALE_INCREMENTS} from s`')).toEqual([
      'writes money figures into stats_daily',
    ]);
    expect(moneyWrites('x.ts', 'sql`update pay_periods set status = 2`')).toEqual([
      "writes a pay period's row",
    ]);
    expect(moneyWrites('x.ts', 'sql`insert into webhook_events (type) values (1)`')).toEqual([
      'writes an event',
    ]);
  });

  it('no module outside ledger/ writes money rows', () => {
    const found = sources()
      .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('ledger/'))
      .flatMap((file) =>
        moneyWrites(file, readFileSync(path.join(SRC, file), 'utf8')).map((w) => `${file} ${w}`),
      );
    expect(found).toEqual([]);
  });
});
