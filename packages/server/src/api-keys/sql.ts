// Every query of the API keys: the owner's list, the live count, a new key, a revocation.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TApiKeySearch, ZApiKeySearch } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, contains, criterion, pagedQuery, type SortSpec } from '../common/list';

export interface KeyRecord {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  allowed_ips: string[];
  rate_limit: number;
  created_at: Date | string;
  created_by: string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  revoked_at: Date | string | null;
}

const SELECT = sql`k.id, k.name, k.prefix, k.scopes, k.allowed_ips, k.rate_limit, k.created_at,
  coalesce(c.username, '') as created_by, k.expires_at, k.last_used_at, k.last_used_ip, k.revoked_at`;
const FROM = sql`api_keys k left join accounts c on c.id = k.created_by`;

type SortField = NonNullable<TApiKeySearch['sortField']>;
const SORT: SortSpec<SortField> = {
  fields: {
    createdAt: sql`k.created_at`,
    name: sql`lower(k.name)`,
    lastUsedAt: sql`k.last_used_at`,
    expiresAt: sql`k.expires_at`,
  },
  default: { field: 'createdAt', asc: false },
  tieBreak: sql`k.id desc`,
};

/** The account's own keys, live and revoked, newest first unless sorted otherwise. */
export function searchKeys(db: Queryable, accountId: number, q: z.output<typeof ZApiKeySearch>) {
  const name = criterion(q.criteria, 'name');
  return pagedQuery<KeyRecord, SortField>(db, {
    select: SELECT,
    from: FROM,
    where: and([sql`k.account_id = ${accountId}`, name ? contains(sql`k.name`, name) : undefined]),
    sort: SORT,
    query: q,
  });
}

/** Keys not revoked and not expired. */
export async function countLive(db: Queryable, accountId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from api_keys
        where account_id = ${accountId} and revoked_at is null and (expires_at is null or expires_at > now())`,
  );
  return row?.n ?? 0;
}

export interface NewKey {
  accountId: number;
  name: string;
  keyHash: string;
  prefix: string;
  scopes: string[];
  allowedIps: string[];
  rateLimit: number;
  expiresAt: string | null;
  createdBy: number;
}

export async function insertKey(db: Queryable, k: NewKey): Promise<KeyRecord> {
  const row = await queryOne<KeyRecord>(
    db,
    sql`with k as (
          insert into api_keys (account_id, name, key_hash, prefix, scopes, allowed_ips, rate_limit,
                                expires_at, created_by)
          values (${k.accountId}, ${k.name}, ${k.keyHash}, ${k.prefix},
                  ${textArray(k.scopes)}, ${textArray(k.allowedIps)}, ${k.rateLimit},
                  ${k.expiresAt}::timestamptz, ${k.createdBy})
          returning *
        )
        select ${SELECT} from k left join accounts c on c.id = k.created_by`,
  );
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

/** Revokes a live key of the account (the update locks it: a second revoke at once finds it revoked). */
export async function revokeKey(db: Queryable, accountId: number, id: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update api_keys set revoked_at = now()
        where id = ${id} and account_id = ${accountId} and revoked_at is null
        returning id`,
  );
  return rows.length;
}

/** A text[] parameter both drivers read the same way: a JSON array unpacked in SQL. */
const textArray = (values: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;
