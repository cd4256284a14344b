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
      payout: '100',
      earning: '-0.5',
      note: ' goodwill ',
      agentNote: ' Thank you ',
    });
    const row = await queryOne<Record<string, unknown>>(
      env.ctx.db,
      sql`select event_type, site_id, type_id, office_id, payout::text, earning::text, note, agent_note, status,
                 changed_by is not null as by,
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
      agent_note: 'Thank you',
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
      // Money is a decimal string without spaces: never a JSON number, an exponent, hex or padding.
      { ...valid(), payout: 100 },
      { ...valid(), payout: ' 12 ' },
      { ...valid(), payout: '12 ' },
      { ...valid(), earning: '\t1' },
      { ...valid(), payout: '+12' },
      { ...valid(), payout: '.5' },
      { ...valid(), payout: '1,000' },
      { ...valid(), payout: '０１' },
      { ...valid(), payout: null },
      { ...valid(), payout: [] },
      { ...valid(), agentNote: 'x'.repeat(501) },
      { ...valid(), agentNote: 'a\u0000b' },
      { ...valid(), agentNote: 12 },
    ];
    for (const body of bad) {
      const res = await adjust(who.superadmin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await adjustments()).toBe(before);
  });

  it('refuses an amount beyond the option Largest adjustment, either way, with a clear message', async () => {
    const before = await adjustments();
    const cases: [object, string, string][] = [
      [{ payout: '2147483648' }, 'payout', 'Payout may be at most ₱1,000,000 either way'],
      [{ payout: '-1000000.01' }, 'payout', 'Payout may be at most ₱1,000,000 either way'],
      [{ earning: '100000.01' }, 'earning', 'Earning may be at most $100,000.00 either way'],
      [{ payout: '9999999999.99', earning: '-9999999999.99' }, 'earning', 'Earning may be at most'],
    ];
    for (const [amounts, field, message] of cases) {
      const res = await adjust(who.superadmin, { ...valid(), ...amounts });
      expect(res.status, JSON.stringify(amounts)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data?.[field]?.[0], JSON.stringify(amounts)).toContain(message);
      expect(res.body.data?.[field]?.[0]).toContain('System Options: Largest adjustment');
    }
    expect(await adjustments()).toBe(before);
    // The bounds themselves pass, either way.
    for (const amounts of [{ payout: '1000000' }, { payout: '-1000000.00', earning: '-100000' }]) {
      expect((await adjust(who.superadmin, { ...valid(), ...amounts })).status).toBe(200);
    }
    expect(await adjustments()).toBe(before + 2);
  });

  it('follows the option as the superadmin sets it, and refuses a bad value for it', async () => {
    const save = (value: string) =>
      call(env.app, 'POST', 'options', {
        token: who.superadmin,
        body: [{ name: 'largest_adjustment_php', value }],
      });
    for (const bad of ['0', '-5', '1e3', '0x10', ' 1 0', '12345678901', 'a\u0000']) {
      expect((await save(bad)).status, bad).toBe(400);
    }
    expect((await save('500')).status).toBe(200);
    try {
      const over = await adjust(who.superadmin, { ...valid(), payout: '500.01' });
      expect(over.status).toBe(400);
      expect(over.body.data?.payout?.[0]).toBe(
        'Payout may be at most ₱500 either way (System Options: Largest adjustment)',
      );
      expect((await adjust(who.superadmin, { ...valid(), payout: '-500' })).status).toBe(200);
    } finally {
      expect((await save('1000000')).status).toBe(200);
    }
  });

  it('answers no paying period for an adjustment dated in an open period', async () => {
    const inOpen = await adjust(who.superadmin, { ...valid(), date: '2025-05-03' });
    expect(inOpen.body).toMatchObject({ paidIn: null });
  });
});
