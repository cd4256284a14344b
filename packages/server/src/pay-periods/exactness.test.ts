// Proof of exactness for pay periods (issue 22): a seeded random history walked day by day: sales (some
// dated late, into closed periods), holds approved later, reversals and adjustments through the ledger,
// closes as soon as a period may close, a few reopens and payments. Every closed period's snapshot must
// never change, must equal the independent sums of the raw rows assigned to it (pay-periods-model.ts),
// and the statements must follow the carried balance recurrence. A database of its own per seed.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, easternDayStart, PayPeriodStatus } from '@salesdesk/contract';
import { queryOne, queryRows } from '../db/client';
import { addAdjustment } from '../ledger/adjust';
import { reverseSale } from '../ledger/reverse';
import { changeHeldSales } from '../ledger/status';
import { buildAdmin } from '../test/factories';
import { ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { holdSales, prng, type Rnd } from '../test/money-fixtures';
import { saleOf, snapshotOf } from '../test/pay-periods-fixtures';
import {
  cents,
  modelAvpSales,
  modelLines,
  modelStatements,
  modelWeekCounts,
  rawRows,
  type RawRow,
} from '../test/pay-periods-model';
import { AVP_SCHEDULE, buildReportOffice, buildReportSite, setAvpSchedule } from '../test/report-fixtures';
import { closePayPeriod, firstOpenWithRows, markPayPeriodPaid, payState, reopenPayPeriod } from './close';

const FIRST_DAY = '2025-06-01';
const STEPS = 50;
const SEEDS = [22, 7310];

/** The AVP rate (pesos, dollars as cents) a week's count selects, from the test's own schedule. */
function rate(n: number): [bigint, bigint] {
  const p = AVP_SCHEDULE.find((s) => n >= s.from && n <= s.to);
  return p ? [cents(p.payoutPhp), cents(p.payoutDollars)] : [0n, 0n];
}

const noon = (day: string, hour = 12) => new Date(easternDayStart(day).getTime() + hour * 3_600_000);
type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

async function world(env: TestEnv) {
  await setAvpSchedule(env.ctx);
  const plain = await buildReportSite(env.ctx);
  const avp = await buildReportSite(env.ctx, { avp: true });
  const office = await buildReportOffice(env.ctx, [plain.site.id, avp.site.id], 3);
  const by = (await buildAdmin(env.ctx)).accountId;
  return { plain, avp, agents: office.agents.map((g) => g.agent.id), by };
}

/** One simulated day: sales (some late), holds, approvals, reversals, adjustments. */
async function day(
  env: TestEnv,
  w: Awaited<ReturnType<typeof world>>,
  rnd: Rnd,
  today: string,
  held: number[],
) {
  const db = env.ctx.db;
  for (let i = rnd.int(5); i > 0; i--) {
    const late = rnd.next() < 0.25;
    const date = late ? addDays(today, -1 - rnd.int(35)) : today;
    const site = rnd.next() < 0.45 ? w.avp : w.plain;
    const sale = await saleOf(
      env.ctx,
      site,
      rnd.pick(w.agents),
      noon(date, rnd.int(11)).toISOString(),
      rnd.next() < 0.15 ? 'bonus' : 'sale',
    );
    if (rnd.next() < 0.15 && (await holdSales(db, [sale.id]))) held.push(sale.id);
  }
  for (const id of [...held]) {
    if (rnd.next() >= 0.3) continue;
    await changeHeldSales(db, sql`id = ${id}`, {
      status: rnd.next() < 0.8 ? 0 : 2,
      reason: 'checked',
      by: w.by,
    });
    held.splice(held.indexOf(id), 1);
  }
  if (rnd.next() < 0.5) {
    const target = await queryOne<{ id: number }>(
      db,
      sql`select id::int as id from sales where event_type in (0, 1) and status = 0 and reversal_kind is null
          order by id desc offset ${rnd.int(20)} limit 1`,
    );
    if (target) {
      await reverseSale(
        db,
        { id: target.id },
        {
          kind: rnd.next() < 0.5 ? 'refund' : 'chargeback',
          reason: 'random',
          by: w.by,
          at: noon(today, 12 + rnd.int(6)),
        },
      );
    }
  }
  if (rnd.next() < 0.15) {
    const payout = `${rnd.next() < 0.8 ? '-' : ''}${50 + rnd.int(400)}.${rnd.int(90) + 10}`;
    const date = addDays(today, -rnd.int(20));
    await addAdjustment(
      db,
      { agentId: rnd.pick(w.agents), payout, earning: '0', date, note: 'random' },
      w.by,
    );
  }
}

/** Closes the earliest period holding money if it ended; sometimes reopens or pays the latest closed. */
async function settle(env: TestEnv, w: Awaited<ReturnType<typeof world>>, rnd: Rnd, today: string) {
  const db = env.ctx.db;
  const closed: string[] = [];
  const latest = await queryOne<{ start: string; status: number }>(
    db,
    sql`select start::text, status from pay_periods where status <> 0 order by start desc limit 1`,
  );
  if (latest?.status === PayPeriodStatus.Closed && rnd.next() < 0.1) {
    await reopenPayPeriod(db, latest.start, w.by, 'recount', noon(today));
    return { closed, reopened: latest.start };
  }
  if (latest?.status === PayPeriodStatus.Closed && rnd.next() < 0.1)
    await markPayPeriodPaid(db, latest.start, w.by);
  const { closedThrough } = await payState(db);
  const first = await firstOpenWithRows(db, closedThrough);
  if (first && rnd.next() < 0.6) {
    try {
      await closePayPeriod(db, first, w.by, noon(today));
      closed.push(first);
    } catch (e) {
      if ((e as { status?: number }).status !== 409) throw e;
    }
  }
  return { closed, reopened: null };
}

/** The snapshot's lines as the model's shape, by the same key. */
function savedLines(snap: Snapshot) {
  return new Map(
    snap.lines.map((l) => [
      [l.day, l.site_id, l.type_id, l.office_id, l.agent_id].join('|'),
      {
        sales: l.sales,
        bonus_sales: l.bonus_sales,
        payout: cents(l.payout as string),
        bonus_payout: cents(l.bonus_payout as string),
        earn: cents(l.earn as string),
        reversals: l.reversals,
        reversal_payout: cents(l.reversal_payout as string),
        adjustments: l.adjustments,
        adjust_payout: cents(l.adjust_payout as string),
      },
    ]),
  );
}

const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** Checks the AVP lines of a period just closed: sales from its rows, the week count and rates now. */
function checkAvp(snap: Snapshot, rows: RawRow[], start: string) {
  const sales = modelAvpSales(rows, start);
  const weeks = modelWeekCounts(rows);
  const saved = new Map(snap.avp.map((a) => [`${a.agent_id}|${dayText(a.week)}`, a]));
  for (const [key, n] of sales) expect(saved.get(key)?.sales, `AVP sales ${start} ${key}`).toBe(n);
  for (const [key, a] of saved) {
    expect(a.sales, `AVP line ${start} ${key}`).toBe(sales.get(key) ?? 0);
    expect(a.week_sales, `week count ${start} ${key}`).toBe(weeks.get(key) ?? 0);
    const [php, usd] = rate(a.week_sales as number);
    expect(cents(a.payout as string)).toBe(BigInt(a.sales as number) * php);
    expect(cents(a.payout_dollars as string)).toBe(BigInt(a.sales as number) * usd);
  }
}

/** Each agent's total of a snapshot: its lines' payout and bonus payout and its AVP pesos. */
function agentTotals(snap: Snapshot): Map<number, bigint> {
  const t = new Map<number, bigint>();
  const add = (agent: number, v: bigint) => t.set(agent, (t.get(agent) ?? 0n) + v);
  for (const l of snap.lines)
    add(l.agent_id as number, cents(l.payout as string) + cents(l.bonus_payout as string));
  for (const a of snap.avp) add(a.agent_id as number, cents(a.payout as string));
  return t;
}

describe('pay periods are exact', () => {
  for (const seed of SEEDS) {
    it(
      `seed ${seed}: snapshots never change and equal the raw rows; balances carry`,
      { timeout: 600_000 },
      async () => {
        const env = await ownDatabaseTestEnv(`pay_exact_${seed}`);
        const w = await world(env);
        const rnd = prng(seed);
        const held: number[] = [];
        const saved = new Map<string, Snapshot>();
        let today = FIRST_DAY;
        for (let step = 0; step < STEPS; step++, today = addDays(today, 2)) {
          await day(env, w, rnd, today, held);
          const { closed, reopened } = await settle(env, w, rnd, today);
          if (reopened) saved.delete(reopened);
          for (const start of closed) {
            const snap = await snapshotOf(env.ctx.db, start);
            checkAvp(snap, await rawRows(env.ctx.db), start);
            saved.set(start, snap);
          }
        }
        expect(saved.size).toBeGreaterThan(3);

        const rows = await rawRows(env.ctx.db);
        const starts = [...saved.keys()].sort();
        for (const start of starts) {
          const now = await snapshotOf(env.ctx.db, start);
          // Paid or not, the money of a closed period is what it was at its close.
          const { status: _s, ...money } = now.period ?? {};
          const { status: _t, ...before } = saved.get(start)?.period ?? {};
          expect({ ...now, period: money }, `snapshot ${start}`).toEqual({
            ...saved.get(start),
            period: before,
          });
          expect(savedLines(now), `lines ${start}`).toEqual(modelLines(rows, start));
          const sales = modelAvpSales(rows, start);
          for (const a of now.avp) expect(a.sales).toBe(sales.get(`${a.agent_id}|${dayText(a.week)}`) ?? 0);
        }

        // Statements: the recurrence over every closed period in order, from the snapshots' own totals.
        const totals = new Map(starts.map((s) => [s, agentTotals(saved.get(s) as Snapshot)]));
        const model = modelStatements(totals, starts);
        const statements = await queryRows<{
          start: string;
          agent_id: number;
          total: string;
          carried_in: string;
          payable: string;
          carried_out: string;
        }>(
          env.ctx.db,
          sql`select period_start::text as start, agent_id, total::text, carried_in::text, payable::text,
                   carried_out::text from pay_statements order by period_start, agent_id`,
        );
        const got = new Map<string, Map<number, object>>(starts.map((s) => [s, new Map()]));
        for (const r of statements) {
          got.get(r.start)?.set(r.agent_id, {
            total: cents(r.total),
            carriedIn: cents(r.carried_in),
            payable: cents(r.payable),
            carriedOut: cents(r.carried_out),
          });
        }
        expect(got).toEqual(model.statements);
        // Nothing is lost: what every period earned is what was paid plus what is still owed.
        const earned = [...totals.values()].flatMap((m) => [...m.values()]).reduce((a, b) => a + b, 0n);
        const paid = [...model.statements.values()]
          .flatMap((m) => [...m.values()])
          .reduce((a, s) => a + s.payable, 0n);
        const owed = [...model.carry.values()].reduce((a, b) => a + b, 0n);
        expect(paid + owed).toBe(earned);
        // The history carried a negative balance into a later statement at least once.
        const carried = [...model.statements.values()]
          .flatMap((m) => [...m.values()])
          .filter((x) => x.carriedIn < 0n);
        expect(carried.length).toBeGreaterThan(0);
      },
    );
  }
});
