// Payouts add up (issue 36): over random histories (sales, adjustments either way, a minimum payout that
// changes between closes, batches with lines paid, failed, retried, held or left pending, recorded line by
// line or through the bank's result file), every statement
// equals an independent model of the raw money rows with the minimum each period closed with, and per
// agent what was earned equals what was paid, plus what is still pending, held or failed, plus the balance
// carried into the next statement.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  OPTION_NAMES,
  SaleStatus,
  type TList,
  type TPayoutBatch,
  type TPayoutLine,
  type TPayStatementRow,
} from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, PASSWORD, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { prng } from '../test/money-fixtures';
import {
  adjustOn,
  buildStatementWorld,
  cents,
  closeForTest,
  fromCents,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';

let env: TestEnv;
let w: StatementWorld;
let payer: string;
const PERIODS = Array.from({ length: 8 }, (_, i) => {
  const month = String(1 + Math.floor(i / 2)).padStart(2, '0');
  const start = `2003-${month}-${i % 2 ? '16' : '01'}`;
  const end =
    i % 2 ? addDays(`2003-${String(2 + Math.floor(i / 2)).padStart(2, '0')}-01`, -1) : `2003-${month}-15`;
  return { start, end };
});
const minimums = new Map<string, string>();
let failures = 0;
/** Outcomes recorded through a result file. */
let filed = 0;
const noon = (day: string) => `${day}T17:00:00Z`;

const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = payer) =>
  call<T>(env.app, method, url, { token, body });

beforeAll(async () => {
  env = await ownDatabaseTestEnv('payexact');
  w = await buildStatementWorld(env.ctx);
  const admin = await buildAdmin(env.ctx);
  await env.ctx.db.execute(sql`update accounts set earning_visible = true where id = ${admin.accountId}`);
  payer = await tokenFor(env.ctx, admin.accountId);
  for (const [token, details] of [
    [w.tokens.g1, { method: 'bank', bank: 'BPI', accountName: 'Gina One', accountNumber: '1234567890' }],
    [w.tokens.g2, { method: 'maya', mobileNumber: '+639181234567', accountName: 'Gino Two' }],
  ] as const)
    expect((await api('PUT', 'profile/payout', { details, currentPassword: PASSWORD }, token)).status).toBe(
      200,
    );
  await env.ctx.db.execute(sql`update payout_details set changed_at = '2001-01-01'`);
  const rnd = prng(36);
  const paths = [w.g1, w.g2, w.h1];
  for (const p of PERIODS) {
    for (let n = 0; n < 5; n++)
      if (rnd.next() < 0.6) await sellAt(env.ctx, rnd.pick(paths), noon(addDays(p.start, rnd.int(13))));
    if (rnd.next() < 0.6) {
      const amount = `${rnd.next() < 0.5 ? '-' : ''}${20 + rnd.int(400)}.${String(rnd.int(100)).padStart(2, '0')}`;
      await adjustOn(
        env.ctx,
        rnd.pick(paths).agent.id,
        addDays(p.start, rnd.int(13)),
        amount,
        'internal: random',
      );
    }
    const minimum = rnd.pick(['0', '150.00', '400.50']);
    minimums.set(p.start, minimum);
    await env.ctx.db.execute(
      sql`insert into options (name, value) values (${OPTION_NAMES.minimumPayout}, ${minimum})
          on conflict (name) do update set value = excluded.value`,
    );
    await closeForTest(env.ctx, p, w.adminId);
    // Now and then g2's details change just before a batch: its line is held.
    if (rnd.next() < 0.25)
      await env.ctx.db.execute(
        sql`update payout_details set changed_at = now() where agent_id = ${w.g2.agent.id}`,
      );
    const batch = await api<TPayoutBatch>('POST', 'payouts/batches', { start: p.start });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    await env.ctx.db.execute(sql`update payout_details set changed_at = '2001-01-01'`);
    const lines = (await api<TList<TPayoutLine>>('POST', 'payouts/lines/search', { batchId: batch.body.id }))
      .body.items;
    // Half the batches record their outcomes line by line, the other half through the bank's result file.
    const byFile = rnd.next() < 0.5;
    const fileRows: string[] = [];
    const retries: number[] = [];
    for (const l of lines) {
      const roll = rnd.next();
      if (l.status === 'held' && roll < 0.5) await api('POST', `payouts/lines/${l.id}/confirm`);
      else if (l.status !== 'pending') continue;
      else if (roll < 0.55) {
        if (byFile) fileRows.push(`${l.reference},paid,B${l.id},${l.amount},,${addDays(p.end, 3)}`);
        else
          await api('POST', `payouts/lines/${l.id}/paid`, {
            paidOn: addDays(p.end, 3),
            reference: `B${l.id}`,
          });
      } else if (roll < 0.8) {
        if (byFile) fileRows.push(`${l.reference},failed,,${l.amount},Refused,`);
        else
          expect((await api('POST', `payouts/lines/${l.id}/failed`, { reason: 'Refused' })).status).toBe(200);
        failures++;
        if (rnd.next() < 0.3) retries.push(l.id);
      }
    }
    if (fileRows.length) {
      const csv = ['reference,status,bank reference,amount,reason,date', ...fileRows].join('\n');
      const done = await api('POST', `payouts/batches/${batch.body.id}/results`, { csv });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      filed += fileRows.length;
    }
    for (const id of retries) expect((await api('POST', `payouts/lines/${id}/retry`)).status).toBe(200);
  }
});

interface Model {
  total: string;
  carriedIn: string;
  payable: string;
  carriedOut: string;
}

/** The statements from the raw money rows alone, each period with the minimum it closed with. */
async function model(agentId: number): Promise<Map<string, Model>> {
  const rows = await queryRows<{ pay_period: string; payout: string }>(
    env.ctx.db,
    sql`select pay_period::text, payout::text from sales where agent_id = ${agentId} and status = ${SaleStatus.Approved}`,
  );
  const out = new Map<string, Model>();
  let owed = 0n;
  for (const { start } of PERIODS) {
    const mine = rows.filter((r) => r.pay_period === start);
    if (!mine.length && owed === 0n) continue;
    const total = mine.reduce((sum, r) => sum + cents(r.payout), 0n);
    const balance = total + owed;
    const paid = balance > 0n && balance >= cents(minimums.get(start)!) ? balance : 0n;
    out.set(start, {
      total: fromCents(total),
      carriedIn: fromCents(owed),
      payable: fromCents(paid),
      carriedOut: fromCents(balance - paid),
    });
    owed = balance - paid;
  }
  return out;
}

describe('payouts add up', () => {
  it('shows every statement as the model of the raw rows, the minimum payout carrying small balances', async () => {
    let belowMinimum = 0;
    for (const path of [w.g1, w.g2, w.h1]) {
      const expected = await model(path.agent.id);
      const shown = (
        await api<TList<TPayStatementRow>>('GET', `pay-statements?agentId=${path.agent.id}&pageSize=500`)
      ).body.items;
      const got = new Map(
        shown.map((s) => [
          s.start,
          { total: s.total, carriedIn: s.carriedIn, payable: s.payable, carriedOut: s.carriedOut },
        ]),
      );
      expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
      belowMinimum += [...expected.values()].filter((m) => cents(m.carriedOut) > 0n).length;
      for (const s of shown) expect(s.minimumPayout).toBe(Number(minimums.get(s.start)).toFixed(2));
    }
    expect(belowMinimum, 'some balance was carried for being below the minimum').toBeGreaterThan(0);
  });

  it('pays what was earned: paid + pending, held or failed + the balance carried', async () => {
    const outcomes = new Set<string>();
    for (const path of [w.g1, w.g2, w.h1]) {
      const expected = [...(await model(path.agent.id)).values()];
      const earned = expected.reduce((sum, m) => sum + cents(m.total), 0n);
      const carried = expected.length ? cents(expected[expected.length - 1].carriedOut) : 0n;
      const lines = (
        await api<TList<TPayoutLine>>('POST', 'payouts/lines/search', {
          agentId: path.agent.id,
          pageSize: 500,
        })
      ).body.items;
      const sum = (statuses: string[]) =>
        lines.filter((l) => statuses.includes(l.status)).reduce((s, l) => s + cents(l.amount), 0n);
      for (const l of lines) outcomes.add(l.status);
      expect(
        fromCents(sum(['paid']) + sum(['pending', 'held', 'failed']) + carried),
        path.agentUsername,
      ).toBe(fromCents(earned));
    }
    // Failed lines were carried into later batches (or are still failed in the last).
    expect([...outcomes].sort()).toEqual(expect.arrayContaining(['carried', 'paid', 'pending']));
    expect(failures).toBeGreaterThan(0);
    expect(filed, 'some outcomes came in a result file').toBeGreaterThan(0);
  });
});
