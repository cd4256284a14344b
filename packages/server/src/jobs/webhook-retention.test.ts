import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../db/schema';
import { DeliveryStatus } from '../ledger';
import { testEnv, type TestEnv } from '../test/harness';
import { trimWebhookEvents } from './webhook-retention';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const NOW = new Date('2026-06-30T12:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** An event `days` old with one delivery of each status in `statuses`; answers its id. */
async function eventOf(days: number, statuses: number[], fannedOut = true) {
  const [v] = await env.ctx.db
    .insert(webhookEvents)
    .values({ type: 'sale.created', data: { id: 1 }, fannedOut, createdAt: daysBefore(days) })
    .returning({ id: webhookEvents.id });
  for (const status of statuses) {
    const [d] = await env.ctx.db
      .insert(webhookDeliveries)
      .values({ eventId: v.id, endpointId: 0, status })
      .returning({ id: webhookDeliveries.id });
    // Its Delivery Log line goes with it.
    await env.ctx.db
      .insert(webhookAttempts)
      .values({ deliveryId: d.id, endpointId: 0, at: daysBefore(days), outcome: 1, ms: 5 });
  }
  return v.id;
}

describe('trimWebhookEvents', () => {
  it('deletes settled events past the postback log’s days with their deliveries, never one still owed or not fanned out', async () => {
    const { Delivered, Failed, Pending, Disabled } = DeliveryStatus;
    const ids = [
      await eventOf(400, [Delivered, Failed]),
      await eventOf(90.1, [Disabled]),
      await eventOf(120, [Delivered, Pending]),
      await eventOf(89.9, [Delivered]),
      await eventOf(1, [Pending]),
      // Not yet fanned out (by the delivery loop): its deliveries are still to be written.
      await eventOf(400, [], false),
    ];
    await trimWebhookEvents(env.ctx.db, NOW, { batch: 1 });
    const left = await env.ctx.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, ids));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids[2], ids[3], ids[4], ids[5]]);
    const deliveries = await queryRows<{ event_id: number }>(
      env.ctx.db,
      sql`select event_id::int from webhook_deliveries where event_id in (${sql.join(ids, sql`, `)}) order by id`,
    );
    expect(deliveries.map((d) => d.event_id)).toEqual([ids[2], ids[2], ids[3], ids[4]]);
    const attempts = await queryRows<{ event_id: number }>(
      env.ctx.db,
      sql`select d.event_id::int from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
          where d.event_id in (${sql.join(ids, sql`, `)}) order by a.id`,
    );
    expect(attempts.map((d) => d.event_id)).toEqual([ids[2], ids[2], ids[3], ids[4]]);
    const orphans = await queryRows(
      env.ctx.db,
      sql`select 1 from webhook_attempts a where a.endpoint_id = 0
          and not exists (select 1 from webhook_deliveries d where d.id = a.delivery_id)`,
    );
    expect(orphans).toEqual([]);
    // Files of a worker share its database: the delivery workers there must not find these.
    await env.ctx.db.delete(webhookAttempts).where(inArray(webhookAttempts.endpointId, [0]));
    await env.ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.eventId, ids));
    await env.ctx.db.delete(webhookEvents).where(inArray(webhookEvents.id, ids));
  });
});
