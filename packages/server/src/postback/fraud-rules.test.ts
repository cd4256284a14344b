// The four fraud rules of the postback (issue 22): each trips exactly at its threshold and not below,
// judged at the sale's own time (a sale dated in the past is judged then), in flag mode here.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FraudRule } from '@salesdesk/contract';
import { linkTypes, loginLogs } from '../db/schema';
import { reverseSale } from '../ledger/reverse';
import { forgetRefundRates, refundRateAgents, REFUND_RATES_MAX_AGE_MS } from './refund-rates';
import { recordSale } from './service';
import { buildClickPath, uniqueName } from '../test/factories';
import { after, allRules, judged, sellAt, setRules } from '../test/fraud-fixtures';
import { testEnv, type TestEnv } from '../test/harness';
import { clickAt } from '../test/logs-fixtures';

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});
// The options belong to the worker's database: the next file finds the defaults again.
afterAll(() => setRules(env));

const flagsOf = async (saleId: number) => (await judged(env.ctx, saleId))?.flags;

describe('a sale soon after its click', () => {
  it('is flagged under N seconds after the click, not at N seconds', async () => {
    await setRules(env, { ...allRules('off'), fastSale: { mode: 'flag', seconds: 15 } });
    const p = await buildClickPath(env.ctx);
    const t = '2025-06-10T12:00:00.000Z';
    const click = await clickAt(env.ctx, p, t);
    const sold = (ms: number) => sellAt(env.ctx, p, click, after(t, ms)).then(flagsOf);
    expect(await sold(0)).toBe(FraudRule.FastSale);
    expect(await sold(15 * SECOND - 1)).toBe(FraudRule.FastSale);
    expect(await sold(15 * SECOND)).toBe(0);
    await setRules(env, { ...allRules('off'), fastSale: { mode: 'flag', seconds: 60 } });
    expect(await sold(60 * SECOND - 1)).toBe(FraudRule.FastSale);
    expect(await sold(60 * SECOND)).toBe(0);
  });

  it('exempts the Day#2 sale (the bonus) of a site using approve-sale, not its Day#1 sale', async () => {
    await setRules(env, { ...allRules('off'), fastSale: { mode: 'flag' } });
    const approving = await buildClickPath(env.ctx, { useApproveSale: true });
    const plain = await buildClickPath(env.ctx);
    const t = '2025-06-11T12:00:00.000Z';
    const soon = after(t, SECOND);
    for (const p of [approving, plain])
      await env.ctx.db
        .update(linkTypes)
        .set({ bonus: true, bonusPayout: '20.00', bonusEarning: '2.00' })
        .where(eq(linkTypes.id, p.type.id));
    const a = await clickAt(env.ctx, approving, t);
    const b = await clickAt(env.ctx, plain, t);
    expect(await flagsOf(await sellAt(env.ctx, approving, a, soon, { event: 'bonus' }))).toBe(0);
    expect(await flagsOf(await sellAt(env.ctx, approving, a, soon))).toBe(FraudRule.FastSale);
    expect(await flagsOf(await sellAt(env.ctx, plain, b, soon, { event: 'bonus' }))).toBe(FraudRule.FastSale);
  });
});

describe('a sale from an invalid click', () => {
  it('is flagged when its click was not a person, whatever the reason; a valid click is not', async () => {
    await setRules(env, { ...allRules('off'), invalidClick: { mode: 'flag' } });
    const p = await buildClickPath(env.ctx);
    const t = '2025-06-10T14:00:00.000Z';
    const person = await clickAt(env.ctx, p, t);
    expect(await flagsOf(await sellAt(env.ctx, p, person, after(t, HOUR)))).toBe(0);
    for (const reason of [1, 3, 4, 7]) {
      const click = await clickAt(env.ctx, p, t, { ip: `10.21.0.${reason}`, invalidReason: reason });
      expect(await flagsOf(await sellAt(env.ctx, p, click, after(t, HOUR))), `reason ${reason}`).toBe(
        FraudRule.InvalidClick,
      );
    }
  });

  it('holds the sale for review when set to hold, and leaves it alone when off', async () => {
    const p = await buildClickPath(env.ctx);
    const t = '2025-06-10T15:00:00.000Z';
    await setRules(env, { ...allRules('off'), invalidClick: { mode: 'hold' } });
    const held = await judged(
      env.ctx,
      await sellAt(env.ctx, p, await clickAt(env.ctx, p, t, { invalidReason: 4 }), after(t, HOUR)),
    );
    expect(held).toMatchObject({ flags: FraudRule.InvalidClick, status: 1 });
    await setRules(env, { ...allRules('off') });
    const kept = await judged(
      env.ctx,
      await sellAt(
        env.ctx,
        p,
        await clickAt(env.ctx, p, t, { ip: '10.21.1.1', invalidReason: 4 }),
        after(t, HOUR),
      ),
    );
    expect(kept).toMatchObject({ flags: 0, status: 0 });
  });
});

describe('a repeated customer e-mail', () => {
  it('flags the sale past N of one e-mail on the site within 24 hours (N = 1: the second)', async () => {
    await setRules(env, { ...allRules('off'), repeatEmail: { mode: 'flag', max: 1 } });
    const p = await buildClickPath(env.ctx);
    const other = await buildClickPath(env.ctx);
    const t = '2025-06-12T12:00:00.000Z';
    const click = await clickAt(env.ctx, p, after(t, -HOUR));
    const otherClick = await clickAt(env.ctx, other, after(t, -HOUR));
    const mail = () => `${uniqueName('c')}@mail.example`;
    const sold = (email: string | undefined, ms: number, opts: { event?: 'bonus'; on?: typeof other } = {}) =>
      sellAt(env.ctx, opts.on ?? p, opts.on ? otherClick : click, after(t, ms), {
        email,
        event: opts.event,
      }).then(flagsOf);

    const a = mail();
    expect(await sold(a, 0)).toBe(0);
    expect(await sold(a, DAY - 1)).toBe(FraudRule.RepeatEmail);
    const b = mail();
    expect(await sold(b, 0)).toBe(0);
    expect(await sold(b, DAY)).toBe(0); // the first is 24 hours back: out of the window
    // Another site's sale, a bonus, or no e-mail at all do not count.
    const c = mail();
    expect(await sold(c, 0)).toBe(0);
    expect(await sold(c, HOUR, { on: other })).toBe(0);
    expect(await sold(c, 2 * HOUR, { event: 'bonus' })).toBe(0);
    expect(await sold(undefined, 0)).toBe(0);
    expect(await sold(undefined, HOUR)).toBe(0);

    await setRules(env, { ...allRules('off'), repeatEmail: { mode: 'flag', max: 2 } });
    const d = mail();
    expect(await sold(d, 0)).toBe(0);
    expect(await sold(d, HOUR)).toBe(0);
    expect(await sold(d, 2 * HOUR)).toBe(FraudRule.RepeatEmail);
  });
});

describe("a click from the agent's own address", () => {
  it('is flagged when the agent signed in from it in the 30 days before the sale', async () => {
    await setRules(env, { ...allRules('off'), selfReferral: { mode: 'flag' } });
    const p = await buildClickPath(env.ctx);
    const stranger = await buildClickPath(env.ctx);
    const t = '2025-06-20T12:00:00.000Z';
    const signedIn = (accountId: number, ip: string, ms: number) => ({
      accountId,
      ip,
      inTime: new Date(after(t, ms)),
    });
    await env.ctx.db.insert(loginLogs).values([
      signedIn(p.agentAccountId, '10.50.0.1', -30 * DAY + 1),
      signedIn(p.agentAccountId, '10.50.0.2', -30 * DAY),
      signedIn(p.agentAccountId, '10.50.0.3', 1), // after the sale
      signedIn(stranger.agentAccountId, '10.50.0.4', -HOUR),
    ]);
    const cases: [string, number][] = [
      ['10.50.0.1', FraudRule.SelfReferral],
      ['10.50.0.2', 0],
      ['10.50.0.3', 0],
      ['10.50.0.4', 0],
      ['10.50.0.5', 0],
    ];
    for (const [ip, expected] of cases) {
      const click = await clickAt(env.ctx, p, after(t, -HOUR), { ip });
      expect([ip, await flagsOf(await sellAt(env.ctx, p, click, t))]).toEqual([ip, expected]);
    }
  });
});

describe("an agent's refund rate", () => {
  const t = '2025-07-15T16:00:00.000Z';

  /** A new agent with `sales` sales 20 days before `t` and the first `reversed` of them refunded at `at`. */
  async function agentWith(sales: number, reversed: number, salesAt = -20 * DAY, at = -10 * DAY) {
    const p = await buildClickPath(env.ctx);
    const click = await clickAt(env.ctx, p, after(t, salesAt - HOUR));
    const ids: number[] = [];
    for (let i = 0; i < sales; i++) ids.push(await sellAt(env.ctx, p, click, after(t, salesAt + i * SECOND)));
    for (const id of ids.slice(0, reversed))
      await reverseSale(
        env.ctx.db,
        { id },
        { kind: 'refund', reason: null, by: null, at: new Date(after(t, at)) },
      );
    return async () => flagsOf(await sellAt(env.ctx, p, await clickAt(env.ctx, p, after(t, -HOUR)), t));
  }

  it('flags the sales of an agent past N % of at least M sales in 30 days, not at N % or under M', async () => {
    await setRules(env, { ...allRules('off'), refundRate: { mode: 'flag', percent: 50, minSales: 4 } });
    expect(await (await agentWith(4, 2))()).toBe(0); // 50 %: not past it
    expect(await (await agentWith(4, 3))()).toBe(FraudRule.RefundRate);
    expect(await (await agentWith(3, 3))()).toBe(0); // 3 sales: under the minimum
    // Sales 35 days back are outside the 30 days; refunds 29 days back are inside.
    expect(await (await agentWith(4, 3, -35 * DAY, -31 * DAY))()).toBe(0);
    const old = await agentWith(8, 3, -35 * DAY, -29 * DAY); // 0 sales in the window: under the minimum
    expect(await old()).toBe(0);
  });

  it('judges a live postback against the list of agents over the rate, a minute old at most', async () => {
    await setRules(env, { ...allRules('off'), refundRate: { mode: 'flag', percent: 50, minSales: 4 } });
    const now = Date.now();
    const p = await buildClickPath(env.ctx);
    const click = await clickAt(env.ctx, p, new Date(now - 3 * DAY - HOUR).toISOString());
    const sold: number[] = [];
    for (let i = 0; i < 4; i++) sold.push(await sellAt(env.ctx, p, click, now - 3 * DAY + i * SECOND));
    const refund = (ids: number[]) =>
      Promise.all(
        ids.map((id) =>
          reverseSale(
            env.ctx.db,
            { id },
            { kind: 'refund', reason: null, by: null, at: new Date(now - 2 * DAY) },
          ),
        ),
      );
    // A postback: no date, so the rule reads the list.
    const live = async () =>
      flagsOf(
        (
          await recordSale(env.ctx, {
            siteId: p.site.id,
            clickId: click,
            event: 'sale',
            txId: uniqueName('tx'),
          })
        ).saleId,
      );
    await refund(sold.slice(0, 2));
    forgetRefundRates(env.ctx.db);
    expect(await live()).toBe(0); // 2 of 4: 50 %, not past it; 5 sales now
    await refund(sold.slice(2));
    expect(await live()).toBe(0); // 4 of 5, but the list was made before these refunds; 6 sales now
    await refundRateAgents(env.ctx.db, 50, 4, Date.now() + REFUND_RATES_MAX_AGE_MS); // a minute later
    expect(await live()).toBe(FraudRule.RefundRate); // 4 of 6
    // Other numbers make a new list at once.
    await setRules(env, { ...allRules('off'), refundRate: { mode: 'flag', percent: 70, minSales: 4 } });
    expect(await live()).toBe(0); // 4 of 7: 57 %
  });

  it('uses the default 25 % of at least 20 sales', async () => {
    await setRules(env, { ...allRules('off'), refundRate: { mode: 'flag' } });
    expect(await (await agentWith(20, 5))()).toBe(0);
    expect(await (await agentWith(20, 6))()).toBe(FraudRule.RefundRate);
    expect(await (await agentWith(19, 19))()).toBe(0);
  });
});
