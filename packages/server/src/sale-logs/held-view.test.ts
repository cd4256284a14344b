// A sale held by a fraud rule, as agents and offices see it: pending, never the rule that held it nor the
// reviewer's reason; admins see it held.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRAUD_RULE_KEYS,
  FRAUD_RULE_LABELS,
  FraudRule,
  Role,
  ZSaleLogRow,
  type TSaleLogAnswer,
} from '@salesdesk/contract';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { queueSale, reviewCallers } from '../test/review-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof reviewCallers>>;
let superToken: string;
let held: number;
let rejected: number;
const body = () => ({ companyId: who.path.office.id, start: '2025-07-01', end: '2025-07-31' });

beforeAll(async () => {
  env = await testEnv();
  who = await reviewCallers(env.ctx);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
  const flags = FraudRule.FastSale | FraudRule.SelfReferral | FraudRule.RepeatEmail | FraudRule.RefundRate;
  held = await queueSale(env.ctx, who.path, '2025-07-02T10:00:05Z', { flags, held: true, clickSeconds: 5 });
  rejected = await queueSale(env.ctx, who.path, '2025-07-02T11:00:00Z', { flags, held: true });
  const res = await call(env.app, 'POST', 'review/status', {
    token: who.approver,
    body: { ids: [rejected], status: 'rejected', reason: 'fast sale ring' },
  });
  expect(res.status).toBe(200);
});

/** Nothing in an answer names a rule: no key, no label, no reason. */
function expectNoRule(text: string) {
  for (const word of [...FRAUD_RULE_KEYS, ...Object.values(FRAUD_RULE_LABELS), 'fraud', 'fast sale ring'])
    expect(text.toLowerCase(), word).not.toContain(word.toLowerCase());
}

describe('a held sale in the sale logs', () => {
  it('is held (shown Pending) to the agent and its office, with only the row fields and no rule', async () => {
    for (const caller of ['agent', 'office'] as const) {
      const res = await call<TSaleLogAnswer>(env.app, 'POST', 'sale-logs', {
        token: who[caller],
        body: body(),
      });
      expect(res.status, caller).toBe(200);
      const rows = res.body.items.items;
      expect(rows.find((r) => r.id === held)).toMatchObject({ status: 'held', note: null });
      expect(rows.find((r) => r.id === rejected)).toMatchObject({ status: 'rejected', note: null });
      for (const r of rows)
        expect(Object.keys(r).sort(), caller).toEqual(Object.keys(ZSaleLogRow.shape).sort());
      expectNoRule(res.res.body);
    }
  });

  it("is Pending in the agent's and office's CSV, Held in an admin's", async () => {
    const statuses = async (token: string) => {
      const res = await call<string>(env.app, 'POST', 'sale-logs/export', { token, body: body() });
      const [header, ...rows] = parse(res.res.body.replace(/^\uFEFF/, '')) as string[][];
      const at = header.indexOf('Status');
      return { text: res.res.body, statuses: rows.map((r) => r[at]).sort() };
    };
    for (const caller of ['agent', 'office'] as const) {
      const csv = await statuses(who[caller]);
      expect(csv.statuses, caller).toEqual(['Pending', 'Rejected']);
      expectNoRule(csv.text);
    }
    expect((await statuses(superToken)).statuses).toEqual(['Held', 'Rejected']);
  });

  it('is held in the statistics detail rows of the office, with no rule', async () => {
    const res = await call(env.app, 'POST', 'stats/sites', {
      token: who.office,
      body: { ...body(), groupBy: 'detail' },
    });
    expect(res.status).toBe(200);
    expect(res.res.body).toContain('"status":"held"');
    expectNoRule(res.res.body);
  });
});
