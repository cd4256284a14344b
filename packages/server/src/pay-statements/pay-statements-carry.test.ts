// Carried balances add up: over a run of closed periods with sales, late refunds and adjustments (some
// periods clawing back more than they earn), every statement the API shows equals an independent model
// computed from the raw money rows alone; payable is never negative, a negative balance goes into the
// agent's next statement, and what was paid plus what is still owed is what was earned.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, type TList, type TPayStatement, type TPayStatementRow } from '@salesdesk/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { prng } from '../test/money-fixtures';
import {
  adjustOn,
  buildStatementWorld,
  cents,
  closeForTest,
  fromCents,
  modelStatements,
  reverseAt,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';

let env: TestEnv;
let w: StatementWorld;
const PERIODS = [
  { start: '2002-01-01', end: '2002-01-15' },
  { start: '2002-01-16', end: '2002-01-31' },
  { start: '2002-02-01', end: '2002-02-15' },
  { start: '2002-02-16', end: '2002-02-28' },
  { start: '2002-03-01', end: '2002-03-15' },
  { start: '2002-03-16', end: '2002-03-31' },
];
const HOUR = 3_600_000;
// Eastern noon of a day.
const noon = (day: string) => `${day}T17:00:00Z`;

beforeAll(async () => {
  env = await ownDatabaseTestEnv('stcarry');
  w = await buildStatementWorld(env.ctx);
  const rnd = prng(22);
  const paths = [w.g1, w.g2, w.g1b];
  const sold: { id: number; at: string }[] = [];
  for (const [i, p] of PERIODS.entries()) {
    const day = (n: number) => addDays(p.start, n);
    // h1, by hand: -150 in the first period, -50 still owed after the second, paid off in the third;
    // -80 in the fourth, carried through the fifth where it has no money rows, paid off in the sixth.
    if (i === 0) {
      await sellAt(env.ctx, w.h1, noon(day(1)));
      await adjustOn(env.ctx, w.h1.agent.id, day(2), '-250.00', 'internal: clawback');
    }
    if (i === 1) await sellAt(env.ctx, w.h1, noon(day(3)));
    if (i === 2) for (const n of [1, 2]) await sellAt(env.ctx, w.h1, noon(day(n)));
    if (i === 3) await adjustOn(env.ctx, w.h1.agent.id, day(4), '-80.00', 'internal: clawback');
    if (i === 5) await sellAt(env.ctx, w.h1, noon(day(5)));
    // g1 and g2 at random: sales, late refunds of earlier sales (dated in their own, closed, period),
    // and adjustments either way, large enough that some periods end below zero.
    for (let n = 0; n < 4; n++) {
      if (rnd.next() < 0.6) {
        const at = noon(day(rnd.int(13)));
        sold.push({ id: await sellAt(env.ctx, rnd.pick(paths), at), at });
      }
    }
    for (const sale of sold.splice(0, rnd.int(3))) {
      const late = new Date(new Date(sale.at).getTime() + HOUR).toISOString();
      await reverseAt(env.ctx, sale.id, rnd.next() < 0.5 ? late : noon(day(13)));
    }
    if (rnd.next() < 0.7) {
      const amount = `${rnd.next() < 0.6 ? '-' : ''}${50 + rnd.int(300)}.${String(rnd.int(100)).padStart(2, '0')}`;
      await adjustOn(env.ctx, rnd.pick([w.g1, w.g2]).agent.id, day(rnd.int(13)), amount, 'internal: random');
    }
    await closeForTest(env.ctx, p, w.adminId);
  }
});

const get = async <T>(url: string, token = w.tokens.admin) => {
  const res = await call<T>(env.app, 'GET', url, { token });
  expect(res.status, url).toBe(200);
  return res.body;
};
const figures = (s: TPayStatementRow) => ({
  total: s.total,
  carriedIn: s.carriedIn,
  payable: s.payable,
  carriedOut: s.carriedOut,
});

describe('carried balances', () => {
  it('equal an independent model of the raw rows, statement by statement', async () => {
    const agents = [w.g1, w.g2, w.h1].map((p) => p.agent.id);
    const model = await modelStatements(
      env.ctx,
      agents,
      PERIODS.map((p) => p.start),
    );
    const shown = new Map<string, ReturnType<typeof figures>>();
    for (const agentId of agents) {
      const rows = await get<TList<TPayStatementRow>>(`pay-statements?agentId=${agentId}&pageSize=500`);
      for (const s of rows.items) shown.set(`${s.start}/${agentId}`, figures(s));
    }
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(model));
    // The carry actually happened.
    const negative = [...model.values()].filter((s) => cents(s.total) < 0n);
    expect(negative.length).toBeGreaterThan(0);
    expect(model.get(`${PERIODS[1].start}/${w.h1.agent.id}`)).toEqual({
      total: '100.00',
      carriedIn: '-150.00',
      payable: '0.00',
      carriedOut: '-50.00',
    });
    expect(model.get(`${PERIODS[2].start}/${w.h1.agent.id}`)).toMatchObject({
      carriedIn: '-50.00',
      payable: '150.00',
    });
    // A period without money rows still has the statement that carries what is owed.
    expect(model.get(`${PERIODS[4].start}/${w.h1.agent.id}`)).toEqual({
      total: '0.00',
      carriedIn: '-80.00',
      payable: '0.00',
      carriedOut: '-80.00',
    });
    expect(model.get(`${PERIODS[5].start}/${w.h1.agent.id}`)).toMatchObject({ payable: '20.00' });
  });

  it('never pays a negative amount, and pays what was earned less what is still owed', async () => {
    for (const path of [w.g1, w.g2, w.h1]) {
      const agentId = path.agent.id;
      const rows = (await get<TList<TPayStatementRow>>(`pay-statements?agentId=${agentId}&pageSize=500`))
        .items;
      const oldestFirst = [...rows].reverse();
      let owed = 0n;
      let earned = 0n;
      let paid = 0n;
      for (const s of oldestFirst) {
        expect(cents(s.payable)).toBeGreaterThanOrEqual(0n);
        expect(cents(s.carriedOut)).toBeLessThanOrEqual(0n);
        expect(s.carriedIn, `${s.start} carries the balance before it`).toBe(fromCents(owed));
        owed = cents(s.carriedOut);
        earned += cents(s.total);
        paid += cents(s.payable);
      }
      expect(fromCents(paid + owed)).toBe(fromCents(earned));
    }
  });

  it("shows the agent the same figures on its statement, whose lines add up to the period's total", async () => {
    const rows = (await get<TList<TPayStatementRow>>('pay-statements?pageSize=500', w.tokens.g1)).items;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const s = await get<TPayStatement>(`pay-statements/${row.start}/${row.agentId}`, w.tokens.g1);
      expect(figures(s)).toEqual(figures(row));
      expect(fromCents(s.lines.reduce((sum, l) => sum + cents(l.payout), 0n))).toBe(s.total);
      // One line per adjustment paid in the period, as the raw rows have it, named by its date.
      const raw = await queryRows<{ payout: string; day: string }>(
        env.ctx.db,
        sql`select payout::text, (date at time zone 'America/New_York')::date::text as day from sales
            where agent_id = ${row.agentId} and event_type = 5 and pay_period = ${row.start}::date
              and payout <> 0 order by date, id`,
      );
      const adjustments = s.lines.filter((l) => l.kind === 'adjustments');
      expect(adjustments.map((l) => [l.payout, l.note, l.count])).toEqual(
        raw.map((r) => [r.payout, `Adjustment ${r.day}`, 1]),
      );
    }
  });
});
