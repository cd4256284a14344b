// Payout batches (issue 36), end to end through the API on a database of their own: a closed period's
// batch made once, its lines (pending, held for fresh details, apart without details), the payer's files
// with the account whole, the bank's result file taken whole or refused, a line paid once when paid twice at
// once, a failed line carried into the next period's batch, the period paid when every line is paid or
// carried, the outcome's events, and who may see what.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  PAY_PERIOD_TEXTS,
  type TList,
  type TPayoutBatch,
  type TPayoutLine,
  type TPayoutResultsDone,
  type TPayStatement,
  ZWebhookPayout,
} from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, PASSWORD, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import {
  buildStatementWorld,
  closeForTest,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';
import { buildEndpoint } from '../test/webhooks-fixtures';

let env: TestEnv;
let w: StatementWorld;
let payer: string;
const P1 = { start: '2002-01-01', end: '2002-01-15' };
const P2 = { start: '2002-01-16', end: '2002-01-31' };
const P3 = { start: '2002-02-01', end: '2002-02-15' };
const noon = (day: string) => `${day}T17:00:00Z`;
const ref = (start: string, path: { agentUsername: string }) => `SD-${start}-${path.agentUsername}`;

const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = payer) =>
  call<T>(env.app, method, url, { token, body });
const lines = async (batchId: number, token = payer) =>
  (await api<TList<TPayoutLine>>('POST', 'payouts/lines/search', { batchId, pageSize: 500 }, token)).body
    .items;
const lineOf = async (batchId: number, agentId: number) =>
  (await lines(batchId)).find((l) => l.agentId === agentId) as TPayoutLine;
const file = async (batchId: number, method: string) => {
  const res = await api<string>('GET', `payouts/batches/${batchId}/file/${method}`);
  expect(res.status).toBe(200);
  return res.res.body;
};
const periodStatus = async (start: string) =>
  (
    await queryRows<{ status: number }>(
      env.ctx.db,
      sql`select status from pay_periods where start = ${start}::date`,
    )
  )[0]?.status;

let batch1: TPayoutBatch;

beforeAll(async () => {
  env = await ownDatabaseTestEnv('payouts');
  w = await buildStatementWorld(env.ctx);
  const admin = await buildAdmin(env.ctx);
  await env.ctx.db.execute(sql`update accounts set earning_visible = true where id = ${admin.accountId}`);
  payer = await tokenFor(env.ctx, admin.accountId);
  // g1 pays by bank (set long ago), g2 by GCash (just now: held), h1 has no details.
  for (const [token, details] of [
    [w.tokens.g1, { method: 'bank', bank: 'BDO', accountName: 'Gina One', accountNumber: '001234567890' }],
    [w.tokens.g2, { method: 'gcash', mobileNumber: '09171234567', accountName: 'Gino Two' }],
  ] as const) {
    const res = await api('PUT', 'profile/payout', { details, currentPassword: PASSWORD }, token);
    expect(res.status).toBe(200);
  }
  await env.ctx.db.execute(
    sql`update payout_details set changed_at = '2001-01-01' where agent_id = ${w.g1.agent.id}`,
  );
  await buildEndpoint(env.ctx, admin.accountId, { eventTypes: ['payout.paid', 'payout.failed'] });
  for (const path of [w.g1, w.g2, w.h1]) await sellAt(env.ctx, path, noon(addDays(P1.start, 2)));
  await closeForTest(env.ctx, P1, w.adminId);
});

describe('payout batches', () => {
  it('makes a closed period batch once when made twice at once', async () => {
    const both = await Promise.all(
      [1, 2].map(() => api<TPayoutBatch>('POST', 'payouts/batches', { start: P1.start })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    batch1 = both.find((r) => r.status === 200)!.body;
    expect(batch1).toMatchObject({
      start: P1.start,
      end: P1.end,
      lines: 3,
      withoutDetails: 1,
      files: ['bank'],
    });
    const again = await api('POST', 'payouts/batches', { start: P1.start });
    expect(again.status).toBe(409);
    const audit = await api<{ items: { description: string }[] }>(
      'POST',
      'audit-logs',
      { action: 'Payout batch made' },
      w.tokens.superadmin,
    );
    expect(audit.body.items.map((i) => i.description)).toEqual([
      `Made payout batch ${P1.start} - ${P1.end}: 3 lines`,
    ]);
    const open = await api('POST', 'payouts/batches', { start: P2.start });
    expect(open.status).toBe(404);
    const reopen = await api<{ message: string }>(
      'POST',
      `pay-periods/${P1.start}/reopen`,
      { reason: 'Wrong rates' },
      w.tokens.superadmin,
    );
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('A period with a payout batch cannot be reopened');
  });

  it('holds a line whose details just changed, and lists one without details apart', async () => {
    const g1 = await lineOf(batch1.id, w.g1.agent.id);
    const g2 = await lineOf(batch1.id, w.g2.agent.id);
    const h1 = await lineOf(batch1.id, w.h1.agent.id);
    expect(g1).toMatchObject({
      status: 'pending',
      summary: { method: 'bank', last4: '7890' },
      reference: ref(P1.start, w.g1),
    });
    expect(g2).toMatchObject({ status: 'held', summary: { method: 'gcash', last4: '4567' } });
    expect(h1).toMatchObject({ status: 'pending', summary: null });
    const statement = await api<TPayStatement>('GET', `pay-statements/${P1.start}/${w.g1.agent.id}`);
    expect(g1.amount).toBe(statement.body.payable);
    const apart = await api<TList<TPayoutLine>>('POST', 'payouts/lines/search', {
      batchId: batch1.id,
      withoutDetails: true,
    });
    expect(apart.body.items.map((l) => l.agentId)).toEqual([w.h1.agent.id]);
  });

  it('writes each method file with the account whole, only of pending lines', async () => {
    const g1 = await lineOf(batch1.id, w.g1.agent.id);
    expect(await file(batch1.id, 'bank')).toBe(
      `Account name,Account number,Bank,Amount,Reference\r\nGina One,001234567890,BDO,${g1.amount},${g1.reference}\r\n`,
    );
    expect(await file(batch1.id, 'gcash')).toBe('Mobile number,Name,Amount,Reference\r\n');
    const confirmed = await api<TPayoutLine>(
      'POST',
      `payouts/lines/${(await lineOf(batch1.id, w.g2.agent.id)).id}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('pending');
    const g2 = confirmed.body;
    expect(await file(batch1.id, 'gcash')).toBe(
      `Mobile number,Name,Amount,Reference\r\n+639171234567,Gino Two,${g2.amount},${g2.reference}\r\n`,
    );
  });

  it('refuses a result file with any bad line, changing nothing, and names the lines', async () => {
    const g1 = await lineOf(batch1.id, w.g1.agent.id);
    const head = 'reference,status,bank reference,amount\r\n';
    const bad: [string, RegExp][] = [
      [`${head}SD-1990-01-01-nobody,paid,B1,\r\n`, /Line 2: Unknown reference/],
      [`${head}${g1.reference},paid,B1,1.00\r\n`, /Line 2: The amount is/],
      [
        `${head}${g1.reference},paid,B1,\r\n${g1.reference},paid,B2,\r\n`,
        /Line 3: Reference .* also on line 2/,
      ],
      [`${head}${g1.reference},maybe,B1,\r\n`, /The status must be paid or failed/],
      [`${head}${g1.reference},paid,,\r\n`, /bank reference/],
      ['reference,status,bank reference\r\n"unterminated,paid,B1\r\n', /Not a CSV file/],
      ['\u0000\u0001garbage', /not allowed/],
      ['x'.repeat(1024 * 1024), /Missing column|Not a CSV/],
      [`${head}`, /no lines/],
    ];
    for (const [csv, reason] of bad) {
      const res = await api<{ data?: { csv?: string[] } }>('POST', `payouts/batches/${batch1.id}/results`, {
        csv,
      });
      expect(res.status, csv.slice(0, 60)).toBe(400);
      expect((res.body.data?.csv ?? []).join('\n')).toMatch(reason);
    }
    const tooBig = await api('POST', `payouts/batches/${batch1.id}/results`, {
      csv: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(tooBig.status).toBe(400);
    expect((await lines(batch1.id)).map((l) => l.status).sort()).toEqual(['pending', 'pending', 'pending']);
  });

  it('records a result file: paid with the bank reference, failed with the reason', async () => {
    const g1 = await lineOf(batch1.id, w.g1.agent.id);
    const g2 = await lineOf(batch1.id, w.g2.agent.id);
    const csv =
      'Reference,Status,Bank Reference,Amount,Reason,Date\r\n' +
      `${g1.reference},paid,BDO-778,${g1.amount},,2002-02-03\r\n` +
      `${g2.reference},FAILED,,,Account closed,\r\n`;
    const res = await api<TPayoutResultsDone>('POST', `payouts/batches/${batch1.id}/results`, { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ paid: 1, failed: 1, refused: [] });
    const audit = await api<{ items: { description: string }[] }>(
      'POST',
      'audit-logs',
      { action: 'Payout results recorded' },
      w.tokens.superadmin,
    );
    expect(audit.body.items.map((i) => i.description)).toEqual([
      `Recorded the bank's results for payout batch ${P1.start} - ${P1.end}: 1 paid, 1 failed`,
    ]);
    expect(await lineOf(batch1.id, w.g1.agent.id)).toMatchObject({
      status: 'paid',
      paidOn: '2002-02-03',
      bankReference: 'BDO-778',
    });
    expect(await lineOf(batch1.id, w.g2.agent.id)).toMatchObject({
      status: 'failed',
      failReason: 'Account closed',
    });
    const statement = await api<TPayStatement>(
      'GET',
      `pay-statements/${P1.start}/${w.g1.agent.id}`,
      undefined,
      w.tokens.g1,
    );
    expect(statement.body.payment).toEqual({
      status: 'paid',
      paidOn: '2002-02-03',
      summary: { method: 'bank', last4: '7890' },
      reference: g1.reference,
      bankReference: 'BDO-778',
    });
    const again = await api('POST', `payouts/batches/${batch1.id}/results`, { csv });
    expect(again.status).toBe(400);
  });

  it('pays a line once when it is paid twice at once', async () => {
    const h1 = await lineOf(batch1.id, w.h1.agent.id);
    const both = await Promise.all(
      ['CASH-1', 'CASH-2'].map((reference) =>
        api<TPayoutLine>('POST', `payouts/lines/${h1.id}/paid`, { paidOn: '2002-02-04', reference }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await queryRows<{ type: string; n: number }>(
      env.ctx.db,
      sql`select type, count(*)::int as n from webhook_events where type like 'payout.%' group by type order by type`,
    );
    expect(events).toEqual([
      { type: 'payout.failed', n: 1 },
      { type: 'payout.paid', n: 2 },
    ]);
    // Each payload is its type's schema, whole: what a receiver is promised.
    const payloads = await queryRows<{ type: string; data: unknown }>(
      env.ctx.db,
      sql`select type, data from webhook_events where type like 'payout.%' order by id`,
    );
    for (const p of payloads) ZWebhookPayout.strict().parse(p.data);
    expect(payloads.map((p) => (p.data as { reference: string }).reference).sort()).toEqual(
      [ref(P1.start, w.g1), ref(P1.start, w.g2), h1.reference].sort(),
    );
    // One line still failed: the period is not paid yet.
    expect(await periodStatus(P1.start)).toBe(1);
  });

  it('retries a failed line, then carries it into the next batch and pays the period', async () => {
    const g2 = await lineOf(batch1.id, w.g2.agent.id);
    expect((await api('POST', `payouts/lines/${g2.id}/retry`)).status).toBe(200);
    expect((await api('POST', `payouts/lines/${g2.id}/retry`)).status).toBe(409);
    expect((await api('POST', `payouts/lines/${g2.id}/failed`, { reason: 'Still closed' })).status).toBe(200);
    await sellAt(env.ctx, w.g2, noon(addDays(P2.start, 2)));
    await closeForTest(env.ctx, P2, w.adminId);
    const made = await api<TPayoutBatch>('POST', 'payouts/batches', { start: P2.start });
    expect(made.status).toBe(200);
    const next = await lineOf(made.body.id, w.g2.agent.id);
    const statement = await api<TPayStatement>('GET', `pay-statements/${P2.start}/${w.g2.agent.id}`);
    expect(next.carriedIn).toBe(g2.amount);
    expect(Number(next.amount) * 100).toBe(
      Math.round((Number(statement.body.payable) + Number(g2.amount)) * 100),
    );
    expect(await lineOf(batch1.id, w.g2.agent.id)).toMatchObject({ status: 'carried' });
    expect(await periodStatus(P1.start)).toBe(2);
    expect(await periodStatus(P2.start)).toBe(1);
  });

  it('holds a pending line whose details change after its batch was made, until an admin confirms it', async () => {
    await sellAt(env.ctx, w.g1, noon(addDays(P3.start, 2)));
    await closeForTest(env.ctx, P3, w.adminId);
    const made = await api<TPayoutBatch>('POST', 'payouts/batches', { start: P3.start });
    expect(made.status).toBe(200);
    const before = await lineOf(made.body.id, w.g1.agent.id);
    expect(before).toMatchObject({ status: 'pending', summary: { method: 'bank', last4: '7890' } });
    expect(await file(made.body.id, 'bank')).toContain(before.reference);
    // A stolen password moves the payday to another wallet: the line waits, in no file.
    const wallet = { method: 'gcash', mobileNumber: '09998887777', accountName: 'Gina One' };
    const changed = await api(
      'PUT',
      'profile/payout',
      { details: wallet, currentPassword: PASSWORD },
      w.tokens.g1,
    );
    expect(changed.status).toBe(200);
    expect(await lineOf(made.body.id, w.g1.agent.id)).toMatchObject({
      status: 'held',
      summary: { method: 'gcash', last4: '7777' },
    });
    expect(await file(made.body.id, 'bank')).not.toContain(before.reference);
    expect(await file(made.body.id, 'gcash')).not.toContain(before.reference);
    // The period is paid through its lines, never marked paid whole over them.
    const marked = await api<{ message: string }>(
      'POST',
      `pay-periods/${P3.start}/paid`,
      {},
      w.tokens.superadmin,
    );
    expect(marked.status).toBe(409);
    expect(marked.body.message).toBe(PAY_PERIOD_TEXTS.paidByBatch);
    expect(await periodStatus(P3.start)).toBe(1);
    // An admin who checked with the agent lets it in: the next file pays the new wallet.
    expect((await api('POST', `payouts/lines/${before.id}/confirm`)).status).toBe(200);
    expect(await file(made.body.id, 'gcash')).toContain(
      `+639998887777,Gina One,${before.amount},${before.reference}`,
    );
    const downloads = await api<{ items: { description: string }[] }>(
      'POST',
      'audit-logs',
      { action: 'Payout file downloaded' },
      w.tokens.superadmin,
    );
    expect(downloads.body.items.map((i) => i.description)).toContain(
      `Downloaded the GCash file of payout batch ${P3.start} - ${P3.end}`,
    );
  });

  it("records the bank's word on a line held after its file went out", async () => {
    const batch = (await api<TList<TPayoutBatch>>('POST', 'payouts/batches/search', {})).body.items.find(
      (b) => b.start === P3.start,
    )!;
    const line = await lineOf(batch.id, w.g1.agent.id);
    const wallet = { method: 'maya', mobileNumber: '09171112222', accountName: 'Gina One' };
    expect(
      (await api('PUT', 'profile/payout', { details: wallet, currentPassword: PASSWORD }, w.tokens.g1))
        .status,
    ).toBe(200);
    expect((await lineOf(batch.id, w.g1.agent.id)).status).toBe('held');
    const csv = `reference,status,bank reference\r\n${line.reference},paid,GC-99\r\n`;
    const res = await api<TPayoutResultsDone>('POST', `payouts/batches/${batch.id}/results`, { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lineOf(batch.id, w.g1.agent.id)).toMatchObject({ status: 'paid', bankReference: 'GC-99' });
    // g2's line, carried in held from the batch before, is still owed: the period waits for it.
    expect(await lineOf(batch.id, w.g2.agent.id)).toMatchObject({ status: 'held' });
    expect(await periodStatus(P3.start)).toBe(1);
  });

  it('shows lines only to their tenant, and batches only to who may pay', async () => {
    const own = await lines(batch1.id, w.tokens.g1);
    expect(own.map((l) => l.agentId)).toEqual([w.g1.agent.id]);
    const office = await lines(batch1.id, w.tokens.office2);
    expect(office.map((l) => l.agentId)).toEqual([w.h1.agent.id]);
    for (const token of [w.tokens.office1, w.tokens.g1, w.tokens.admin]) {
      expect((await api('GET', `payouts/batches/${batch1.id}`, undefined, token)).status).toBe(403);
      expect((await api('GET', `payouts/batches/${batch1.id}/file/bank`, undefined, token)).status).toBe(403);
      expect((await api('POST', 'payouts/batches', { start: P1.start }, token)).status).toBe(403);
    }
    const otherAgent = await api('POST', 'payouts/lines/search', { agentId: w.g1.agent.id }, w.tokens.g2);
    expect(otherAgent.status).toBe(404);
  });
});
