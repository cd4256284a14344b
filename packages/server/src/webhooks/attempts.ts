// What an attempt leaves behind: its row in the Delivery Log, its delivery settled or due again, and its
// endpoint's health. Failures in a row are counted from the first; at the 5th the owner is warned by mail,
// and at the 20th, once they span a day, the endpoint is disabled (its owed deliveries held until it is
// enabled again), audited and mailed. A success starts the count again.
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_DISABLE_AFTER,
  WEBHOOK_DISABLE_SPAN_HOURS,
  WEBHOOK_DISABLED_ACTION,
  WEBHOOK_WARN_AT,
} from '@salesdesk/contract';
import { recordEvent } from '../common/audit';
import type { Mailer } from '../common/mailer';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { DeliveryStatus } from '../ledger';
import { nextAttemptAt, retryable } from './retry';
import type { SendResult } from './send';

/** How an attempt ended (webhook_attempts.outcome). */
export const AttemptOutcome = { Delivered: 1, Retrying: 2, Failed: 3 } as const;

export interface Attempted {
  id: number;
  endpoint_id: number;
  attempts: number;
  created_at: Date;
}

interface Health {
  failures: number;
  failing_since: Date | string;
  name: string;
  url: string;
  email: string | null;
  owner_id: number;
  username: string;
  role: number;
}

/** The receiver took it: a 2xx answer. */
export const delivered = (r: SendResult) => r.status !== null && r.status >= 200 && r.status < 300;

export interface Delivered {
  d: Attempted;
  r: SendResult;
  at: Date;
}

/**
 * Writes the delivered attempts of a batch at once (their Delivery Log rows, their deliveries settled,
 * their endpoints' failure counts started again): one statement for the batch, not two per delivery, as
 * most attempts succeed (bench/webhook-delivery.ts).
 */
export async function recordDelivered(db: Queryable, done: Delivered[]) {
  if (!done.length) return;
  const col = <T>(pick: (x: Delivered) => T) => sql.param(done.map(pick));
  await db.execute(
    sql`with done as (
          select * from unnest(${col((x) => x.d.id)}::bigint[], ${col((x) => x.d.endpoint_id)}::int[],
                               ${col((x) => x.at.toISOString())}::timestamptz[], ${col((x) => x.r.status)}::smallint[],
                               ${col((x) => x.r.ms)}::int[], ${col((x) => clean(x.r.answer))}::text[])
            as t(id, endpoint_id, at, status, ms, answer)
        ), settled as (
          update webhook_deliveries d
          set status = ${DeliveryStatus.Delivered}, last_at = done.at, last_status = done.status,
              last_ms = done.ms, last_answer = done.answer, last_error = null
          from done where d.id = done.id
        ), healthy as (
          -- Most attempts go to a healthy endpoint: only a failing one's row is written to.
          update webhook_endpoints set failures = 0, failing_since = null
          where id in (select endpoint_id from done) and failures > 0
        )
        insert into webhook_attempts (delivery_id, endpoint_id, at, outcome, status, ms, answer)
        select id, endpoint_id, at, ${AttemptOutcome.Delivered}, status, ms, answer from done`,
  );
}

const clean = (answer: string) => answer.replaceAll('\u0000', '');

/** Writes how a failed attempt `r` of delivery `d` went, and its endpoint's health. */
export async function recordFailure(db: Queryable, mailer: Mailer, d: Attempted, r: SendResult, now: Date) {
  const again = retryable(r) ? nextAttemptAt(d.attempts, d.created_at, now) : null;
  const status = again ? DeliveryStatus.Pending : DeliveryStatus.Failed;
  const outcome = again ? AttemptOutcome.Retrying : AttemptOutcome.Failed;
  const at = now.toISOString();
  const answer = clean(r.answer);
  const next = again?.toISOString() ?? null;
  await db.execute(
    sql`with settled as (
          update webhook_deliveries
          set status = ${status}, next_at = coalesce(${next}::timestamptz, next_at),
              last_at = ${at}::timestamptz, last_status = ${r.status}, last_ms = ${r.ms},
              last_answer = ${answer}, last_error = ${r.error}
          where id = ${d.id}
        )
        insert into webhook_attempts (delivery_id, endpoint_id, at, outcome, status, ms, answer, error, next_at)
        values (${d.id}, ${d.endpoint_id}, ${at}::timestamptz, ${outcome}, ${r.status}, ${r.ms}, ${answer},
                ${r.error}, ${next}::timestamptz)`,
  );
  const health = await queryOne<Health>(
    db,
    sql`with e as (
          update webhook_endpoints
          set failures = failures + 1, failing_since = coalesce(failing_since, ${at}::timestamptz)
          where id = ${d.endpoint_id}
          returning failures, failing_since, name, url, owner_id
        )
        select e.*, a.email, a.username, a.role from e join accounts a on a.id = e.owner_id`,
  );
  if (!health) return;
  if (health.failures === WEBHOOK_WARN_AT) await warn(mailer, health);
  const spanMs = now.getTime() - new Date(health.failing_since).getTime();
  if (health.failures >= WEBHOOK_DISABLE_AFTER && spanMs >= WEBHOOK_DISABLE_SPAN_HOURS * 3_600_000)
    await disable(db, mailer, d.endpoint_id, health);
}

// A mail that cannot be sent must not stop the deliveries: the endpoint's state is on its screen.
const quietly = (mailer: Mailer, mail: Parameters<Mailer['send']>[0]) =>
  mailer.send(mail).catch(() => undefined);

async function warn(mailer: Mailer, h: Health) {
  if (!h.email) return;
  await quietly(mailer, {
    to: h.email,
    subject: `Webhook ${h.name} is failing`,
    text:
      `The last ${h.failures} deliveries to your webhook ${h.name} (${h.url}) failed.\n\n` +
      `Salesdesk keeps retrying. After ${WEBHOOK_DISABLE_AFTER} failures in a row spanning ` +
      `${WEBHOOK_DISABLE_SPAN_HOURS} hours the webhook is disabled. Its Delivery Log shows each answer.`,
  });
}

/** Disables the endpoint once (a conditional update: two workers at once disable it once). */
async function disable(db: Queryable, mailer: Mailer, endpointId: number, h: Health) {
  const done = await queryRows<{ id: number }>(
    db,
    sql`update webhook_endpoints set enabled = false, disabled_at = now()
        where id = ${endpointId} and enabled returning id`,
  );
  if (!done.length) return;
  await db.execute(
    sql`update webhook_deliveries set status = ${DeliveryStatus.Disabled}
        where endpoint_id = ${endpointId} and status = ${DeliveryStatus.Pending}`,
  );
  await recordEvent(db, {
    accountId: h.owner_id,
    username: h.username,
    role: h.role,
    ip: '',
    action: WEBHOOK_DISABLED_ACTION,
    targetType: 'webhook',
    targetId: endpointId,
    detail: `${h.failures} failed deliveries`,
  });
  if (h.email)
    await quietly(mailer, {
      to: h.email,
      subject: `Webhook ${h.name} was disabled`,
      text:
        `Your webhook ${h.name} (${h.url}) was disabled after ${h.failures} failed deliveries in a row ` +
        `over ${WEBHOOK_DISABLE_SPAN_HOURS} hours. Its events are held. Enable it again on the Webhooks ` +
        `screen, and choose whether to send what was held.`,
    });
}
