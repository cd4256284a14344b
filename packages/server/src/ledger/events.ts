// The outbox's events (issue 34), written by the ledger in the statement or transaction of the change
// they describe: an event exists exactly when its change committed, and a process that dies after the
// commit leaves it owed, never lost. Each kind has one writer in ledger/: sale.created and bonus.created
// record-sale.ts, sale.approved, sale.held and sale.rejected status.ts, sale.reversed reverse.ts,
// adjustment.created adjust.ts, pay_period.closed and pay_period.paid pay-period.ts, agent.created,
// agent.approved and agent.suspended agent-events.ts, payout.paid and payout.failed payouts.ts.
//
// An event is written only when an endpoint subscribes to it (its type, its office or every office, its
// site or every site when the event has one); with none, the change costs nothing more than the
// subscription test. An office's endpoint never matches an event of another office, nor a pay period's
// (which has no office: its totals span every office).
//
// The change's statement writes the event alone: each row and index it writes is paid in the postback
// (bench/outbox-cost.ts). The delivery loop then fans each event out (fanOut): one delivery row per
// endpoint that takes it, in one transaction with marking it fanned out, so none is lost or made twice.
import { sql, type SQL } from 'drizzle-orm';
import { SaleStatus, type TWebhookEventType } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';

/** Delivery statuses (webhook_deliveries.status). */
export const DeliveryStatus = { Pending: 0, Delivered: 1, Failed: 2, Disabled: 3 } as const;

/** Endpoint `e` takes event `x` (a row with type, office_id and site_id). */
const takes = (e: string, x: string) =>
  sql.raw(
    `${x}.type = any(${e}.event_types)` +
      ` and (${e}.office_id is null or ${e}.office_id = ${x}.office_id)` +
      // An endpoint's sites narrow only the events that have one (an agent's or a pay period's has none).
      ` and (${e}.site_ids is null or ${x}.site_id is null or ${x}.site_id = any(${e}.site_ids))`,
  );

/**
 * CTEs (to follow the writer's own, after a comma, or a `with`) that put the events `rows` selects
 * (type, office_id, site_id, data) in the outbox when a live endpoint takes them.
 */
export function outboxCtes(rows: SQL): SQL {
  return sql`outbox_rows as (${rows}),
    outbox_events as (
      insert into webhook_events (type, office_id, site_id, data)
      select x.type, x.office_id, x.site_id, x.data from outbox_rows x
      where exists (select 1 from webhook_endpoints e where e.deleted_at is null and ${takes('e', 'x')})
      returning id
    )`;
}

/**
 * Writes the deliveries of up to `limit` events not yet fanned out, oldest first, and marks them: one per
 * endpoint that takes the event and existed when it was written (one deleted since still gets its
 * delivery, which the loop settles as not sent), pending, or held while the endpoint is disabled
 * (re-enabling may send them). Nodes share the work (SKIP LOCKED). With `leaseS`, the pending ones are
 * written already leased to the caller for that long (their first attempt), as a claim would lease them:
 * the delivery loop sends them at once, and a delivery is written twice (made, settled), not three times.
 * Answers how many events it took, and the ids of the deliveries it leased.
 */
async function fanOutRows(db: Queryable, limit: number, leaseS: number | null) {
  const leased = leaseS === null ? sql`false` : sql`e.enabled`;
  const row = await queryOne<{ n: number; leased: (number | string)[] | null }>(
    db,
    sql`with due as (
          select id, type, office_id, site_id, created_at from webhook_events
          where not fanned_out order by id limit ${limit}
          for update skip locked
        ), marked as (
          update webhook_events v set fanned_out = true from due where v.id = due.id
        ), made as (
          insert into webhook_deliveries (event_id, endpoint_id, status, created_at, attempts, next_at)
          select v.id, e.id,
                 case when e.enabled then ${sql.raw(String(DeliveryStatus.Pending))}
                      else ${sql.raw(String(DeliveryStatus.Disabled))} end,
                 v.created_at,
                 case when ${leased} then 1 else 0 end,
                 case when ${leased} then now() + ${leaseS ?? 0}::int * interval '1 second' else now() end
          from due v join webhook_endpoints e on ${takes('e', 'v')}
            and e.created_at <= v.created_at and (e.deleted_at is null or e.deleted_at > v.created_at)
          -- A node of the release before 0025 writes an event's deliveries with it.
          where not exists (select 1 from webhook_deliveries d where d.event_id = v.id)
          returning id, attempts
        )
        select (select count(*)::int from due) as n,
               (select array_agg(id order by id) from made where attempts = 1) as leased`,
  );
  return { events: row?.n ?? 0, leased: (row?.leased ?? []).map(Number) };
}

/** Fans out up to `limit` events (fanOutRows), its deliveries left due for the loop's claim. */
export async function fanOut(db: Queryable, limit: number): Promise<number> {
  return (await fanOutRows(db, limit, null)).events;
}

/**
 * Fans out up to `limit` events for the delivery loop, which sends the deliveries it leased at once:
 * answers how many events it took and those deliveries' ids.
 */
export const fanOutLeased = (db: Queryable, limit: number, leaseS: number) => fanOutRows(db, limit, leaseS);

/**
 * Fans out every event written so far, before an endpoint is enabled or disabled: the events written
 * before the change are then decided as they were before it (held or sent), whatever the loop's lag.
 */
export async function fanOutAll(db: Queryable): Promise<void> {
  const LIMIT = 1000;
  while ((await fanOut(db, LIMIT)) === LIMIT);
}

/** Writes the events `rows` selects, inside the caller's transaction (a writer of several statements). */
export async function writeEvents(tx: Queryable, rows: SQL): Promise<void> {
  await tx.execute(sql`with ${outboxCtes(rows)} select 1`);
}

/** The event type as an SQL value. */
export const typeValue = (type: TWebhookEventType) => sql.raw(`'${type}'::varchar`);

/** The timestamptz column `col` as the events write times: ISO 8601 in UTC, to the millisecond. */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const isoTime = (col: string) => sql.raw(iso(col));

/** A sale's status as the API names it, from the status column `col`. */
export const statusName = (col: string) =>
  sql.raw(
    `case ${col} when ${SaleStatus.Approved} then 'approved' when ${SaleStatus.Held} then 'held'` +
      ` when ${SaleStatus.Rejected} then 'rejected' end`,
  );

/**
 * A money row of alias `s` (SALE_COLUMNS) as the events carry it (ZWebhookSale): money as decimal
 * strings, its status `status` (default: the row's own).
 */
export function saleData(s: string, status: SQL = statusName(`${s}.status`)): SQL {
  return sql`jsonb_build_object(
      'id', ${sql.raw(`${s}.id`)}, 'date', ${sql.raw(iso(`${s}.date`))},
      'eventType', ${sql.raw(`${s}.event_type`)}, 'status', ${status},
      'siteId', ${sql.raw(`${s}.site_id`)}, 'typeId', ${sql.raw(`${s}.type_id`)},
      'officeId', ${sql.raw(`${s}.office_id`)}, 'agentId', ${sql.raw(`${s}.agent_id`)},
      'clickId', ${sql.raw(`${s}.click_id`)}, 'txId', ${sql.raw(`${s}.tx_id`)},
      'payout', ${sql.raw(`${s}.payout::text`)}, 'earning', ${sql.raw(`${s}.earning::text`)})`;
}

/** A pay period of alias `p` as the events carry it (ZWebhookPayPeriod). */
export const periodData = (p: string) =>
  sql.raw(
    `jsonb_build_object('start', ${p}.start::text, 'end', ${p}."end"::text,` +
      ` 'closedAt', ${iso(`${p}.closed_at`)}, 'paidAt', ${iso(`${p}.paid_at`)})`,
  );
