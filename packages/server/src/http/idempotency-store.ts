// The rows of idempotency_keys (http/idempotency.ts): claimed by one insert, finished with the first
// answer, released when that answer is not one to replay. The database is the lock, so every node of a
// cluster sees the same claim.
import { IDEMPOTENCY_KEY_HOURS } from '@salesdesk/contract';
import { queryOne, sql, type Queryable } from '../db/client';

/** Whose key it is: the account, and the API key it called with (0: a session). */
export interface IdempotencyCaller {
  accountId: number;
  apiKeyId: number;
}

export interface IdempotentRequest extends IdempotencyCaller {
  key: string;
  /** "POST /api/adjustments" */
  request: string;
  bodyHash: string;
}

/** A key already claimed: still running (status null) or answered. */
export interface ClaimedKey {
  request: string;
  body_hash: string;
  status: number | null;
  response: string | null;
}

const LIVE = sql`now() - ${`${IDEMPOTENCY_KEY_HOURS} hours`}::interval`;

/**
 * Claims the key for this request: true when it is ours to run (a new key, or one whose row is past 24
 * hours, taken over in the same statement). Of requests sent at once with one key exactly one wins.
 */
export async function claimKey(db: Queryable, r: IdempotentRequest): Promise<boolean> {
  const row = await queryOne<{ claimed: number }>(
    db,
    sql`insert into idempotency_keys (account_id, api_key_id, idempotency_key, request, body_hash)
        values (${r.accountId}, ${r.apiKeyId}, ${r.key}, ${r.request}, ${r.bodyHash})
        on conflict (account_id, api_key_id, idempotency_key) do update
          set request = excluded.request, body_hash = excluded.body_hash, status = null,
              response = null, created_at = now()
          where idempotency_keys.created_at < ${LIVE}
        returning 1 as claimed`,
  );
  return !!row;
}

/** The live row of a key someone else claimed (undefined when it expired or was released meanwhile). */
export function claimedKey(db: Queryable, r: IdempotentRequest): Promise<ClaimedKey | undefined> {
  return queryOne<ClaimedKey>(
    db,
    sql`select request, body_hash, status, response from idempotency_keys
        where account_id = ${r.accountId} and api_key_id = ${r.apiKeyId} and idempotency_key = ${r.key}
          and created_at >= ${LIVE}`,
  );
}

/** Keeps the first answer, to be given again. */
export async function finishKey(db: Queryable, r: IdempotentRequest, status: number, response: string) {
  await db.execute(
    sql`update idempotency_keys set status = ${status}, response = ${response}
        where account_id = ${r.accountId} and api_key_id = ${r.apiKeyId} and idempotency_key = ${r.key}
          and status is null`,
  );
}

/** Gives the key back: the request changed nothing, and a retry runs again. */
export async function releaseKey(db: Queryable, r: IdempotentRequest) {
  await db.execute(
    sql`delete from idempotency_keys
        where account_id = ${r.accountId} and api_key_id = ${r.apiKeyId} and idempotency_key = ${r.key}
          and status is null`,
  );
}
