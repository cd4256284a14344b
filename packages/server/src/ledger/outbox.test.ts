// The outbox (issue 34): the ledger writes each money event in the statement or transaction of its
// change, only for the endpoints that take it, and the event says what the raw row says.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayPeriodStatus,
  SaleStatus,
  webhookPayload,
  WEBHOOK_EVENT_DATA,
  type TWebhookEventType,
} from '@salesdesk/contract';
import { queryOne, queryRows, sql, type Queryable } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { recordSale } from '../postback/service';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildAdmin, buildClickPath, uniqueName } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { recordClick } from '../tracking/service';
import { addAdjustment } from './adjust';
import { DeliveryStatus, fanOut } from './events';
import { closePeriodRow, markPeriodPaid } from './pay-period';
import { reverseSale } from './reverse';
import { changeHeldSales } from './status';

let env: TestEnv;
let ownerId: number;
const endpoints: number[] = [];
beforeAll(async () => {
  env = await testEnv();
  ownerId = (await buildAdmin(env.ctx)).accountId;
});
// Files of a worker share its database: an endpoint left behind would take their events.
afterAll(async () => {
  if (endpoints.length) {
    await env.ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpoints));
    await env.ctx.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, endpoints));
  }
});

interface EndpointOpts {
  types: TWebhookEventType[];
  officeId?: number | null;
  siteIds?: number[] | null;
  enabled?: boolean;
}
async function endpoint(o: EndpointOpts): Promise<number> {
  const [row] = await env.ctx.db
    .insert(webhookEndpoints)
    .values({
      ownerId,
      officeId: o.officeId ?? null,
      kind: 1,
      name: uniqueName('test'),
      url: 'https://example.com/hook',
      eventTypes: o.types,
      siteIds: o.siteIds ?? null,
      enabled: o.enabled ?? true,
    })
    .returning({ id: webhookEndpoints.id });
  endpoints.push(row.id);
  return row.id;
}

type Delivered = {
  type: string;
  data: Record<string, unknown>;
  status: number;
  uid: string;
  created: string;
};
/** The events delivered to `endpointId`, oldest first, once the delivery loop fanned them out. */
async function deliveriesOf(db: Queryable, endpointId: number) {
  await fanOut(db, 100_000);
  return queryRows<Delivered>(
    db,
    sql`select v.type, v.data, d.status, v.uid::text as uid,
               to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
        from webhook_deliveries d join webhook_events v on v.id = d.event_id
        where d.endpoint_id = ${endpointId} order by d.id`,
  );
}

/** The money row `id` as events must carry it, read straight from the table and formatted here. */
async function rowAsEvent(db: Queryable, id: number, status?: string) {
  const r = await queryOne<Record<string, string | number | null>>(
    db,
    sql`select id::int, floor(extract(epoch from date) * 1000)::text as ms, event_type, status, site_id, type_id,
               office_id, agent_id, click_id::int, tx_id, payout::text, earning::text from sales where id = ${id}`,
  );
  if (!r) throw new Error(`no sale ${id}`);
  const names = ['approved', 'held', 'rejected'];
  return {
    id: r.id,
    // Milliseconds, cut (the microseconds are not rounded up into the next one).
    date: new Date(Number(r.ms)).toISOString(),
    eventType: r.event_type,
    status: status ?? names[Number(r.status)],
    siteId: r.site_id,
    typeId: r.type_id,
    officeId: r.office_id,
    agentId: r.agent_id,
    clickId: r.click_id,
    txId: r.tx_id,
    payout: r.payout,
    earning: r.earning,
  };
}

/** A payload as the workers will send it, checked against the event type's schema. */
function assertPayload(e: Delivered) {
  const type = e.type as TWebhookEventType;
  expect(WEBHOOK_EVENT_DATA[type]).toBeDefined();
  const payload = {
    id: `evt_${e.uid.replace(/-/g, '')}`,
    type,
    version: 1,
    createdAt: e.created,
    data: e.data,
  };
  expect(webhookPayload(type).safeParse(payload).success, JSON.stringify(payload)).toBe(true);
}

// A day of its own in the past: the dashboard's tests of the worker's database count this week's sales.
const SALE_DAY = new Date('2026-02-11T15:00:00-05:00');
let tx = 0;
async function postSale(p: Awaited<ReturnType<typeof buildClickPath>>, event: 'sale' | 'bonus' = 'sale') {
  const click = await recordClick(env.ctx, {
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    ip: '10.31.0.1',
    time: SALE_DAY,
  });
  if (!click) throw new Error('click refused');
  const txId = `ob-${++tx}`;
  return (
    await recordSale(env.ctx, { siteId: p.site.id, clickId: click.clickId, event, txId, date: SALE_DAY })
  ).saleId;
}

describe('the outbox', () => {
  it('writes nothing for a change no endpoint takes', async () => {
    const p = await buildClickPath(env.ctx);
    // Subscribed, but to another site, another type and another office.
    await endpoint({ types: ['sale.created'], siteIds: [p.site.id + 100_000] });
    await endpoint({ types: ['sale.approved'], siteIds: [p.site.id] });
    await endpoint({ types: ['sale.created'], officeId: p.office.id + 100_000 });
    const saleId = await postSale(p);
    const n = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from webhook_events where data->>'id' = ${String(saleId)}`,
    );
    expect(n!.n).toBe(0);
  });

  it('writes a sale with its postback, as the row says, once for each endpoint that takes it', async () => {
    const p = await buildClickPath(env.ctx);
    const all = await endpoint({ types: ['sale.created', 'bonus.created'], siteIds: [p.site.id] });
    const office = await endpoint({ types: ['sale.created'], officeId: p.office.id });
    const off = await endpoint({ types: ['sale.created'], siteIds: [p.site.id], enabled: false });
    const saleId = await postSale(p);
    const bonusId = await postSale(p, 'bonus');
    const expected = await rowAsEvent(env.ctx.db, saleId);
    const got = await deliveriesOf(env.ctx.db, all);
    expect(got.map((e) => [e.type, e.data, e.status])).toEqual([
      ['sale.created', expected, DeliveryStatus.Pending],
      ['bonus.created', await rowAsEvent(env.ctx.db, bonusId), DeliveryStatus.Pending],
    ]);
    got.forEach(assertPayload);
    expect((await deliveriesOf(env.ctx.db, office)).map((e) => e.data)).toEqual([expected]);
    // A disabled endpoint's deliveries wait, held, for it to be enabled again.
    expect((await deliveriesOf(env.ctx.db, off)).map((e) => e.status)).toEqual([DeliveryStatus.Disabled]);
    // One event, two deliveries for the sale (the disabled endpoint's is the third).
    const events = await queryOne<{ n: number; uids: number }>(
      env.ctx.db,
      sql`select count(*)::int as n, count(distinct uid)::int as uids from webhook_events
          where type = 'sale.created' and data->>'id' = ${String(saleId)}`,
    );
    expect(events).toEqual({ n: 1, uids: 1 });
  });

  it('never gives an office another office’s sale', async () => {
    const a = await buildClickPath(env.ctx);
    const b = await buildClickPath(env.ctx);
    const ofA = await endpoint({ types: ['sale.created'], officeId: a.office.id });
    const saleB = await postSale(b);
    const saleA = await postSale(a);
    expect((await deliveriesOf(env.ctx.db, ofA)).map((e) => e.data.id)).toEqual([saleA]);
    expect(saleB).toBeGreaterThan(0);
  });

  it('writes status changes, reversals and adjustments as the rows say', async () => {
    // Sales of a site with hold days arrive held.
    const p = await buildClickPath(env.ctx, { holdDays: 30 });
    const types: TWebhookEventType[] = [
      'sale.approved',
      'sale.rejected',
      'sale.reversed',
      'adjustment.created',
    ];
    const hook = await endpoint({ types, officeId: p.office.id });
    const [held1, held2, approved] = [await postSale(p), await postSale(p), await postSale(p)];
    const by = { reason: 'checked', by: ownerId };
    await changeHeldSales(env.ctx.db, sql`id in (${held1}, ${approved})`, {
      status: SaleStatus.Approved,
      ...by,
    });
    await changeHeldSales(env.ctx.db, sql`id = ${held2}`, { status: SaleStatus.Rejected, ...by });
    const reversed = await reverseSale(
      env.ctx.db,
      { id: approved },
      { kind: 'chargeback', reason: 'cb', by: ownerId },
    );
    if (reversed.kind !== 'reversed' || reversed.reversalId === null) throw new Error('not reversed');
    const adjustment = await addAdjustment(
      env.ctx.db,
      { agentId: p.agent.id, date: '2026-11-02', payout: '-1250.50', earning: '0', note: 'advance' },
      ownerId,
    );
    const got = await deliveriesOf(env.ctx.db, hook);
    expect(got.map((e) => [e.type, e.data])).toEqual([
      ['sale.approved', await rowAsEvent(env.ctx.db, held1)],
      ['sale.approved', await rowAsEvent(env.ctx.db, approved, 'approved')],
      ['sale.rejected', await rowAsEvent(env.ctx.db, held2)],
      [
        'sale.reversed',
        {
          kind: 'chargeback',
          sale: await rowAsEvent(env.ctx.db, approved, 'reversed'),
          reversal: await rowAsEvent(env.ctx.db, reversed.reversalId),
        },
      ],
      ['adjustment.created', await rowAsEvent(env.ctx.db, adjustment!)],
    ]);
    got.forEach(assertPayload);
    expect(got[4].data.payout).toBe('-1250.50');
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
  });

  it('writes the event alone, and fans it out once to the endpoints there when it was written', async () => {
    const p = await buildClickPath(env.ctx);
    const kept = await endpoint({ types: ['sale.created'], siteIds: [p.site.id] });
    const gone = await endpoint({ types: ['sale.created'], siteIds: [p.site.id] });
    const saleId = await postSale(p);
    const made = () =>
      queryRows<{ endpoint_id: number }>(
        env.ctx.db,
        sql`select d.endpoint_id from webhook_deliveries d join webhook_events v on v.id = d.event_id
            where v.data->>'id' = ${String(saleId)} order by d.endpoint_id`,
      );
    expect(await made()).toEqual([]);
    await endpoint({ types: ['sale.created'], siteIds: [p.site.id] }); // made after the sale
    await env.ctx.db
      .update(webhookEndpoints)
      .set({ deletedAt: new Date() })
      .where(eq(webhookEndpoints.id, gone));
    // Two loops at once (two nodes): each event is taken by one.
    await Promise.all([fanOut(env.ctx.db, 1000), fanOut(env.ctx.db, 1000)]);
    await fanOut(env.ctx.db, 1000);
    // The deleted endpoint's is settled unsent by the loop; the one made after the sale has none.
    expect((await made()).map((d) => d.endpoint_id)).toEqual([kept, gone].sort((a, b) => a - b));
  });

  it('does not fan out again an event a node of the release before wrote with its deliveries', async () => {
    const p = await buildClickPath(env.ctx);
    const one = await endpoint({ types: ['sale.created'], siteIds: [p.site.id] });
    await endpoint({ types: ['sale.created'], siteIds: [p.site.id] });
    const row = await queryOne<{ id: number }>(
      env.ctx.db,
      sql`with v as (
            insert into webhook_events (type, office_id, site_id, data)
            values ('sale.created', ${p.office.id}, ${p.site.id}, '{}'::jsonb) returning id
          )
          insert into webhook_deliveries (event_id, endpoint_id) select id, ${one} from v returning event_id::int as id`,
    );
    await fanOut(env.ctx.db, 1000);
    const rows = await queryRows<{ endpoint_id: number; fanned_out: boolean }>(
      env.ctx.db,
      sql`select d.endpoint_id, v.fanned_out from webhook_events v join webhook_deliveries d on d.event_id = v.id
          where v.id = ${row!.id}`,
    );
    expect(rows).toEqual([{ endpoint_id: one, fanned_out: true }]);
  });

  it('writes nothing when the change rolls back, and pay periods for admins only', async () => {
    const p = await buildClickPath(env.ctx);
    const admins = await endpoint({ types: ['pay_period.closed', 'pay_period.paid', 'adjustment.created'] });
    const office = await endpoint({ types: ['pay_period.closed', 'pay_period.paid'], officeId: p.office.id });
    const rollback = new Error('rollback');
    // The periods are closed and paid inside a transaction that is then rolled back: other files of the
    // worker share its pay periods.
    const seen = await env.ctx.db
      .transaction(async (t) => {
        const start = '2001-01-01';
        await t.execute(sql`delete from pay_periods where start = ${start}::date`);
        await closePeriodRow(t, start, '2001-01-15', ownerId, new Date('2001-01-16T12:00:00Z'));
        expect(await markPeriodPaid(t, start, ownerId, new Date('2001-01-17T12:00:00Z'))).toBe(true);
        await addAdjustment(
          t,
          { agentId: p.agent.id, date: '2001-01-02', payout: '5', earning: '0', note: 'x' },
          ownerId,
        );
        const status = await queryOne<{ status: number }>(
          t,
          sql`select status from pay_periods where start = ${start}::date`,
        );
        expect(status!.status).toBe(PayPeriodStatus.Paid);
        const inside = await deliveriesOf(t, admins);
        expect(await deliveriesOf(t, office)).toEqual([]);
        throw Object.assign(rollback, { inside });
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
        return (err as Error & { inside: Delivered[] }).inside;
      });
    const period = { start: '2001-01-01', end: '2001-01-15', closedAt: '2001-01-16T12:00:00.000Z' };
    expect(seen.map((e) => [e.type, e.type === 'adjustment.created' ? null : e.data])).toEqual([
      ['pay_period.closed', { ...period, paidAt: null }],
      ['pay_period.paid', { ...period, paidAt: '2001-01-17T12:00:00.000Z' }],
      ['adjustment.created', null],
    ]);
    seen.forEach(assertPayload);
    expect(await deliveriesOf(env.ctx.db, admins)).toEqual([]);
    const left = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from webhook_events where data->>'start' = '2001-01-01'`,
    );
    expect(left!.n).toBe(0);
  });
});
