// Every query of the webhook screens: the owner's endpoints, one endpoint locked for a change, its
// deliveries held or re-queued, and its Delivery Log. The delivery loop's own queries are in deliver.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAttemptSearch, TWebhookSearch, ZAttemptSearch, ZWebhookSearch } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, contains, criterion, pagedQuery, type SortSpec } from '../common/list';
import { DeliveryStatus } from '../ledger';
import { AttemptOutcome } from './attempts';

export interface EndpointRecord {
  id: number;
  owner_id: number;
  name: string;
  kind: number;
  url: string;
  event_types: string[];
  site_ids: number[] | null;
  enabled: boolean;
  disabled_at: Date | string | null;
  failures: number;
  previous_secret_until: Date | string | null;
  held: number | string;
  created_at: Date | string;
  office_id: number | null;
}

const SELECT = sql`e.id, e.owner_id, e.name, e.kind, e.url, e.event_types, e.site_ids, e.enabled, e.disabled_at,
  e.failures, e.previous_secret_until, e.created_at, e.office_id,
  (select count(*) from webhook_deliveries d
   where d.endpoint_id = e.id and d.status = ${DeliveryStatus.Disabled}) as held`;

type SortField = NonNullable<TWebhookSearch['sortField']>;
const SORT: SortSpec<SortField> = {
  fields: { createdAt: sql`e.created_at`, name: sql`lower(e.name)` },
  default: { field: 'createdAt', asc: false },
  tieBreak: sql`e.id desc`,
};

const own = (accountId: number) => sql`e.owner_id = ${accountId} and e.deleted_at is null`;

/** The account's own live endpoints. */
export function searchEndpoints(db: Queryable, accountId: number, q: z.output<typeof ZWebhookSearch>) {
  const name = criterion(q.criteria, 'name');
  return pagedQuery<EndpointRecord, SortField>(db, {
    select: SELECT,
    from: sql`webhook_endpoints e`,
    where: and([own(accountId), name ? contains(sql`e.name`, name) : undefined]),
    sort: SORT,
    query: q,
  });
}

export const endpointRow = (db: Queryable, accountId: number, id: number) =>
  queryOne<EndpointRecord>(
    db,
    sql`select ${SELECT} from webhook_endpoints e where e.id = ${id} and ${own(accountId)}`,
  );

/** The account's own live endpoint `id`, locked until the write commits (the caller 404s on none). */
export const lockEndpoint = (db: Queryable, accountId: number, id: number) =>
  queryRows<{
    id: number;
    kind: number;
    enabled: boolean;
    office_id: number | null;
    secret: string | null;
    event_types: string[];
    site_ids: number[] | null;
  }>(
    db,
    sql`select e.id, e.kind, e.enabled, e.office_id, e.secret, e.event_types, e.site_ids from webhook_endpoints e
        where e.id = ${id} and ${own(accountId)} for update`,
  );

export async function countLive(db: Queryable, accountId: number): Promise<number> {
  const r = await queryOne<{ n: number | string }>(
    db,
    sql`select count(*) as n from webhook_endpoints where owner_id = ${accountId} and deleted_at is null`,
  );
  return Number(r?.n ?? 0);
}

/** The ids among `ids` that are sites the caller may see (an office: its own sites). */
export async function visibleSites(db: Queryable, ids: number[], scope: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from sites s where s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${scope}`,
  );
  return rows.map((r) => r.id);
}

export const setDeliveries = (db: Queryable, endpointId: number, from: number, to: number, error?: string) =>
  db.execute(
    sql`update webhook_deliveries
        set status = ${to}, next_at = now(),
            last_error = coalesce(${error ?? null}::text, last_error)
        where endpoint_id = ${endpointId} and status = ${from}`,
  );

/** Puts delivery `deliveryId` of endpoint `endpointId` in the queue again; 0 when it is not that endpoint's. */
export async function requeue(db: Queryable, endpointId: number, deliveryId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update webhook_deliveries set status = ${DeliveryStatus.Pending}, next_at = now()
        where id = ${deliveryId} and endpoint_id = ${endpointId} returning id`,
  );
  return rows.length;
}

type AttemptSort = NonNullable<TAttemptSearch['sortField']>;
const ATTEMPT_SORT: SortSpec<AttemptSort> = {
  fields: { at: sql`a.at` },
  default: { field: 'at', asc: false },
  tieBreak: sql`a.id desc`,
};

export interface AttemptRecord {
  id: number | string;
  delivery_id: number | string;
  at: Date | string;
  uid: string;
  type: string;
  outcome: number;
  status: number | null;
  ms: number;
  answer: string;
  error: string | null;
  next_at: Date | string | null;
}

const OUTCOME_CODES = {
  delivered: AttemptOutcome.Delivered,
  retrying: AttemptOutcome.Retrying,
  failed: AttemptOutcome.Failed,
} as const;

/** Endpoint `endpointId`'s attempts, newest first, by outcome and event type. */
export function searchAttempts(db: Queryable, endpointId: number, q: z.output<typeof ZAttemptSearch>) {
  return pagedQuery<AttemptRecord, AttemptSort>(db, {
    select: sql`a.id, a.delivery_id, a.at, v.uid::text as uid, v.type, a.outcome, a.status, a.ms, a.answer,
                a.error, a.next_at`,
    from: sql`webhook_attempts a
              join webhook_deliveries d on d.id = a.delivery_id
              join webhook_events v on v.id = d.event_id`,
    where: and([
      sql`a.endpoint_id = ${endpointId}`,
      q.outcome ? sql`a.outcome = ${OUTCOME_CODES[q.outcome]}` : undefined,
      q.eventType ? sql`v.type = ${q.eventType}` : undefined,
    ]),
    sort: ATTEMPT_SORT,
    query: q,
  });
}
