// Webhook events, their deliveries and each delivery's attempts (the Delivery Log) keep the postback log's days (the option, 90 by default): once a
// day, at 02:00 Eastern, the events older than that whose deliveries are all settled (delivered, failed,
// or held for a disabled endpoint) are deleted with their deliveries and attempts, in batches, each its own short
// transaction, by one process at a time. An event with a delivery still being retried stays.
import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../db/client';
import { postbackLogDays } from '../common/options';
import { DeliveryStatus } from '../ledger';
import { inBatches, nextEasternTime, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727008;
const DAY_MS = 86_400_000;
const BATCH = 2000;

/** Deletes the settled events older than the option's days at `now`; null when another process is doing it. */
export async function trimWebhookEvents(
  db: Db,
  now = new Date(),
  opts: BatchOptions & { batch?: number } = {},
): Promise<number | null> {
  const size = opts.batch ?? BATCH;
  const cutoff = new Date(now.getTime() - (await postbackLogDays(db)) * DAY_MS).toISOString();
  return inBatches(
    db,
    LOCK_KEY,
    size,
    async (tx) =>
      (
        await queryOne<{ n: number }>(
          tx,
          sql`with old as (
                select v.id from webhook_events v
                where v.created_at < ${cutoff}::timestamptz and v.fanned_out
                  and not exists (select 1 from webhook_deliveries d
                                  where d.event_id = v.id and d.status = ${DeliveryStatus.Pending})
                -- By id, the key: the oldest come first, and events have no index on their time.
                order by v.id limit ${size}
              ), gone_deliveries as (
                delete from webhook_deliveries d using old where d.event_id = old.id returning d.id
              ), gone_attempts as (
                delete from webhook_attempts a using gone_deliveries g where a.delivery_id = g.id
              ), gone as (
                delete from webhook_events v using old where v.id = old.id returning 1
              )
              select count(*)::int as n from gone`,
        )
      )?.n ?? 0,
    opts,
  );
}

export function scheduleWebhookRetention(s: Scheduler) {
  return scheduleJob(s, {
    name: 'webhook-retention',
    next: (now) => nextEasternTime(now, 120),
    run: async ({ stopping, claim }) => {
      const n = await trimWebhookEvents(s.db, new Date(), { stopping, claim });
      return n ? `webhook events: ${n} past the postback log's days deleted with their deliveries` : null;
    },
  });
}
