// Delivers what the outbox owes. A batch of due deliveries is taken with FOR UPDATE SKIP LOCKED and
// leased (its next_at moved on by config.webhookLeaseS, a minute) in one statement, so several nodes share
// the work and never send one delivery at the same time; a new event's deliveries are written already
// leased by the fan-out that makes them (one write fewer each). A node that dies mid-send leaves them due
// again when the lease ends (at least once: the receiver de-duplicates on webhook-id, which every retry
// keeps).
import { sql, type SQL } from 'drizzle-orm';
import { Permission, POSTBACK_MACROS } from '@salesdesk/contract';
import { decryptSecret } from '../common/crypto';
import type { AppContext } from '../context';
import { queryRows, type Queryable } from '../db/client';
import { hasPermission, loadPrincipal } from '../http/auth';
import { DeliveryStatus, fanOutLeased, isoTime } from '../ledger';
import { delivered, recordDelivered, recordFailure, type Delivered } from './attempts';
import { send, type Outgoing, type SendResult } from './send';
import { signedHeaders } from './signature';

export const DELIVERY_BATCH = 20;
/** The places of a batch kept for deliveries due again, however many new ones there are. */
const RETRY_PLACES = 5;
/** Endpoint kinds (webhook_endpoints.kind). */
export const EndpointKind = { Webhook: 1, Postback: 2 } as const;

export interface DueDelivery {
  id: number;
  attempts: number;
  created_at: Date;
  uid: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
  event_at: string;
  endpoint_id: number;
  kind: number;
  url: string;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  owner_id: number;
  enabled: boolean;
  deleted: boolean;
}

/** What a delivery is sent with: the rows `t` (id, attempts, created_at, event_id, endpoint_id) whole. */
const withEventAndEndpoint = (t: SQL) =>
  sql`select t.id, t.attempts, t.created_at, v.uid::text as uid, v.type, v.version, v.data,
             ${isoTime('v.created_at')} as event_at,
             t.endpoint_id, e.kind, e.url, e.secret, e.previous_secret, e.previous_secret_until, e.owner_id,
             e.enabled, e.deleted_at is not null as deleted
      from ${t} t
      join webhook_events v on v.id = t.event_id
      join webhook_endpoints e on e.id = t.endpoint_id`;

// Raw rows carry times as the driver gives them (a string on PostgreSQL).
const dueRows = (rows: DueDelivery[]): DueDelivery[] =>
  rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    previous_secret_until: r.previous_secret_until && new Date(r.previous_secret_until),
  }));

/** Takes up to `limit` due deliveries, leased to this caller for `leaseS` seconds (longer than a send lasts). */
export async function claimDue(
  db: Queryable,
  leaseS: number,
  limit = DELIVERY_BATCH,
): Promise<DueDelivery[]> {
  const rows = await queryRows<DueDelivery>(
    db,
    sql`with due as (
          select id from webhook_deliveries
          where status = ${DeliveryStatus.Pending} and next_at <= now()
          order by next_at limit ${limit}
          for update skip locked
        ), taken as (
          update webhook_deliveries d set next_at = now() + ${leaseS}::int * interval '1 second', attempts = d.attempts + 1
          from due where d.id = due.id
          returning d.id, d.attempts, d.created_at, d.event_id, d.endpoint_id
        )
        ${withEventAndEndpoint(sql`taken`)}`,
  );
  return dueRows(rows);
}

/** The deliveries `ids` that the fan-out just leased to this caller (ledger fanOutLeased). */
async function leasedDeliveries(db: Queryable, ids: number[]): Promise<DueDelivery[]> {
  if (!ids.length) return [];
  const rows = await queryRows<DueDelivery>(
    db,
    withEventAndEndpoint(
      sql`(select id, attempts, created_at, event_id, endpoint_id from webhook_deliveries
           where id = any(${sql.param(ids)}::bigint[]))`,
    ),
  );
  return dueRows(rows);
}

/** Earnings are a figure some owners may not see: null in what they receive. */
function withoutEarnings(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data))
    out[k] =
      k === 'earning' ? null : v && typeof v === 'object' ? withoutEarnings(v as Record<string, unknown>) : v;
  return out;
}

export const eventId = (uid: string) => `evt_${uid.replace(/-/g, '')}`;

/** The JSON a webhook receives. */
export function payloadOf(d: DueDelivery, earningVisible: boolean): string {
  return JSON.stringify({
    id: eventId(d.uid),
    type: d.type,
    version: d.version,
    createdAt: d.event_at,
    data: earningVisible ? d.data : withoutEarnings(d.data),
  });
}

/** A postback URL's template with its macros filled in, each value URL-encoded. */
export function postbackUrl(template: string, d: DueDelivery, earningVisible: boolean): string {
  const data = (d.type === 'sale.reversed' ? d.data.sale : d.data) as Record<string, unknown>;
  // An agent event names the agent by its own id; it has no sale.
  if (d.type.startsWith('agent.'))
    return fill(template, { event: d.type, agent: data.id, office: data.officeId, date: data.regTime });
  // A payout names its line's outcome and amount in pesos; it has no sale either.
  if (d.type.startsWith('payout.'))
    return fill(template, {
      event: d.type,
      status: data.status,
      payout: data.amount,
      agent: data.agentId,
      office: data.officeId,
      date: data.paidOn ?? data.periodStart,
    });
  return fill(template, {
    event: d.type,
    sale_id: data.id,
    tx_id: data.txId,
    click_id: data.clickId,
    status: data.status,
    payout: data.payout,
    earning: earningVisible ? data.earning : '',
    site_id: data.siteId,
    agent: data.agentId,
    office: data.officeId,
    date: data.date ?? data.start,
  });
}

/** Every macro of the template replaced by its URL-encoded value, empty where the event has none. */
const fill = (template: string, macros: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (POSTBACK_MACROS as readonly string[]).includes(name)
      ? encodeURIComponent(String(macros[name] ?? ''))
      : whole,
  );

/** The request delivery `d` makes, or why none may be made. */
/**
 * Whether each owner of the batch may receive events (null: suspended or deleted) and see earnings, as
 * its account is now, read once per owner: the read is most of a delivery's database work
 * (bench/webhook-delivery.ts), and a batch's deliveries mostly share a few owners.
 */
function ownersOf(ctx: AppContext, due: DueDelivery[]) {
  const seen = new Map<number, Promise<{ earnings: boolean } | null>>();
  for (const { owner_id: id } of due)
    if (!seen.has(id))
      seen.set(
        id,
        loadPrincipal(ctx, id).then((p) => p && { earnings: hasPermission(p, Permission.EarningVisible) }),
      );
  return (id: number) => seen.get(id)!;
}

async function outgoing(
  ctx: AppContext,
  d: DueDelivery,
  owner: { earnings: boolean } | null,
  now: Date,
): Promise<Outgoing | string> {
  // A suspended or deleted owner's endpoints receive nothing.
  if (!owner) return 'The endpoint’s owner may no longer receive events';
  const earnings = owner.earnings;
  if (d.kind === EndpointKind.Postback)
    return { method: 'GET', url: postbackUrl(d.url, d, earnings), headers: {} };
  const secrets = [decryptSecret(ctx.keys, d.secret)];
  if (d.previous_secret_until && d.previous_secret_until > now)
    secrets.push(decryptSecret(ctx.keys, d.previous_secret));
  const usable = secrets.filter((s): s is string => !!s);
  if (!usable.length) return 'The endpoint has no signing secret';
  const body = payloadOf(d, earnings);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    method: 'POST',
    url: d.url,
    body,
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(usable, eventId(d.uid), timestamp, body),
    },
  };
}

async function settleUnsent(db: Queryable, d: DueDelivery) {
  const status = d.deleted ? DeliveryStatus.Failed : DeliveryStatus.Disabled;
  const error = d.deleted ? 'Not sent: the webhook was deleted' : null;
  await db.execute(
    sql`update webhook_deliveries set status = ${status}, last_error = coalesce(${error}::text, last_error)
        where id = ${d.id}`,
  );
}

/** What one batch did: events fanned out into deliveries, and deliveries attempted. */
export interface Batch {
  fanned: number;
  sent: number;
}

/** Whether a batch came full, so that more may be waiting. */
export const batchFull = (b: Batch) => Math.max(b.fanned, b.sent) >= DELIVERY_BATCH;

/** Fans out the next events (ledger/events.ts), then sends one batch of what is due. */
export async function deliverDue(
  ctx: AppContext,
  allowPrivate: boolean,
  now = () => new Date(),
): Promise<Batch> {
  const leaseS = ctx.config.webhookLeaseS;
  // New events' deliveries come leased from their fan-out; what is due again (retries, a dead node's
  // leases) fills the batch, and always has a few places so that a stream of new sales never starves it.
  const fresh = await fanOutLeased(ctx.db, DELIVERY_BATCH, leaseS);
  const due = [
    ...(await leasedDeliveries(ctx.db, fresh.leased)),
    ...(await claimDue(ctx.db, leaseS, Math.max(RETRY_PLACES, DELIVERY_BATCH - fresh.leased.length))),
  ];
  const fanned = fresh.events;
  const ownerOf = ownersOf(ctx, due);
  const done: Delivered[] = [];
  // Settled, not all: a failure that cannot be recorded must not leave the batch's successes unrecorded
  // (they would be sent again when their lease ends).
  const each = await Promise.allSettled(
    due.map(async (d) => {
      // A disable or delete that came after the claim: held, or settled without a send.
      if (d.deleted || !d.enabled) return settleUnsent(ctx.db, d);
      const at = now();
      const out = await outgoing(ctx, d, await ownerOf(d.owner_id), at);
      const result: SendResult =
        typeof out === 'string'
          ? { status: null, ms: 0, answer: '', error: out, refused: true }
          : await send(out, allowPrivate);
      if (delivered(result)) done.push({ d, r: result, at });
      else await recordFailure(ctx.db, ctx.mailer, d, result, at);
    }),
  );
  await recordDelivered(ctx.db, done);
  const failed = each.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
  return { fanned, sent: due.length };
}
