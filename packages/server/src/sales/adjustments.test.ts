import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../db/client';
import { countRollupMismatches } from '../rollups/rebuild';
import { call, testEnv, type TestEnv } from '../test/harness';
import { agentFigures, moneyCallers, rawCount } from '../test/money-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof moneyCallers>>;
beforeAll(async () => {
  env = await testEnv();
  who = await moneyCallers(env.ctx);
});

type Res = { status: number; body: { code?: string; id?: number; data?: Record<string, string[]> } };
const adjust = (token: string, body: object): Promise<Res> =>
  call(env.app, 'PUT', 'adjustments', { token, body });
const valid = () => ({
  agentId: who.path.agent.id,
  payout: '-20.10',
  earning: '2.5',
  date: '2025-05-02',
  note: 'partial refund',
});
const adjustments = () => rawCount(env.ctx, sql`agent_id = ${who.path.agent.id} and event_type = 5`);

describe('PUT adjustments', () => {
  it('lets superadmins and admins who see earnings in; admins without, offices and agents never', async () => {
    for (const caller of ['superadmin', 'earningAdmin'] as const) {
      const res = await adjust(who[caller], valid());
      expect(res.status, caller).toBe(200);
      expect(res.body.id).toBeGreaterThan(0);
    }
    const before = await adjustments();
    for (const caller of ['admin', 'office', 'agent'] as const) {
      expect((await adjust(who[caller], valid())).status, caller).toBe(403);
      expect((await adjust(who[caller], { payout: 'x' })).status, caller).toBe(403);
    }
    expect((await adjust('', { note: '\u0000' })).status).toBe(401);
    expect(await adjustments()).toBe(before);
  });

  it('adds a money row of the agent with no site, dated its Eastern day, inside the net figures', async () => {
    const before = await agentFigures(env.ctx, who.path.agent.id);
    const res = await adjust(who.superadmin, {
      ...valid(),
      payout: 100,
      earning: '-0.5',
      note: ' goodwill ',
    });
    const row = await queryOne<Record<string, unknown>>(
      env.ctx.db,
      sql`select event_type, site_id, type_id, office_id, payout::text, earning::text, note, status, changed_by is not null as by,
                 (date at time zone 'America/New_York')::text as local
          from sales where id = ${res.body.id!}`,
    );
    expect(row).toEqual({
      event_type: 5,
      site_id: 0,
      type_id: 0,
      office_id: who.path.office.id,
      payout: '100.00',
      earning: '-0.50',
      note: 'goodwill',
      status: 0,
      by: true,
      local: '2025-05-02 00:00:00',
    });
    const after = await agentFigures(env.ctx, who.path.agent.id);
    expect(after).toMatchObject({ adjustments: Number(before!.adjustments) + 1 });
    // Exact decimals compared in cents, as integers.
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(cents(after!.payout) - cents(before!.payout)).toBe(10000);
    expect(cents(after!.earn) - cents(before!.earn)).toBe(-50);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [0] })).toBe(0);
  });

  it('answers 404 for an unknown agent', async () => {
    const res = await adjust(who.superadmin, { ...valid(), agentId: 2147483647 });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await adjustments();
    const bad: object[] = [
      { ...valid(), agentId: 3_000_000_000 },
      { ...valid(), agentId: String(who.path.agent.id) },
      { ...valid(), agentId: '0x10' },
      { ...valid(), agentId: 1.5 },
      { ...valid(), payout: '1.234' },
      { ...valid(), payout: 1.234 },
      { ...valid(), payout: '1e3' },
      { ...valid(), payout: 1e21 },
      { ...valid(), payout: 0.1 + 0.2 },
      { ...valid(), payout: '0x10' },
      { ...valid(), payout: '12345678901' },
      { ...valid(), payout: '--1' },
      { ...valid(), payout: '1\u0000' },
      { ...valid(), earning: 'NaN' },
      { ...valid(), payout: '0', earning: '0.00' },
      { ...valid(), payout: '-0', earning: 0 },
      { agentId: who.path.agent.id, date: '2025-05-02', note: 'nothing' },
      { ...valid(), date: '2025-13-01' },
      { ...valid(), date: '2025-05-02T00:00:00Z' },
      { ...valid(), note: '' },
      { ...valid(), note: 'x'.repeat(501) },
      { ...valid(), note: 'a\u0000b' },
    ];
    for (const body of bad) {
      const res = await adjust(who.superadmin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await adjustments()).toBe(before);
  });
});
