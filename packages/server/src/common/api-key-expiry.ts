// The audit entry "API key reports (sdk_3f9a…) expired", written once per key: by the first request that
// uses the key past its expiry (http/api-key-auth.ts answers it 401 like any key that is not valid), or
// by the job that looks for keys expired unused (jobs/api-key-expiry.ts), whichever comes first. The
// conditional update of expiry_logged_at claims each key: two requests at once, or a request and the
// job, on one node or several, write one entry (the second waits on the row and finds it claimed).
import { API_KEY_EXPIRED_ACTION, apiKeyShown } from '@salesdesk/contract';
import { queryRows, sql, type Queryable } from '../db/client';
import { recordEvent } from './audit';

interface Claimed {
  id: number;
  account_id: number;
  username: string | null;
  role: number | null;
  name: string;
  prefix: string;
}

/** Where the expiry was noticed: the request's address and browser, or none for the job. */
export interface ExpiryClient {
  ip: string;
  userAgent?: string | null;
}

/**
 * Claims the expired keys not yet logged (the one key `keyId`, or up to `batch` of them, skipping those
 * another transaction holds) and writes each one's entry, in the caller's transaction. Answers how many.
 * Revoked keys are left alone: their revocation is their entry.
 */
export async function logKeysExpired(
  tx: Queryable,
  which: { keyId: number } | { batch: number },
  client: ExpiryClient,
): Promise<number> {
  const pick =
    'keyId' in which
      ? sql`${which.keyId}::int`
      : sql`select id from api_keys
            where expiry_logged_at is null and revoked_at is null and expires_at <= now()
            order by id limit ${which.batch} for update skip locked`;
  const keys = await queryRows<Claimed>(
    tx,
    sql`with k as (
          update api_keys set expiry_logged_at = now()
          where id in (${pick}) and expiry_logged_at is null and revoked_at is null and expires_at <= now()
          returning id, account_id, name, prefix)
        select k.id, k.account_id, k.name, k.prefix, a.username, a.role
        from k left join accounts a on a.id = k.account_id
        order by k.id`,
  );
  for (const k of keys) {
    const shown = `${k.name} (${apiKeyShown(k.prefix)})`;
    await recordEvent(tx, {
      // The owner's key: its row names the owner, as a write made with the key would.
      accountId: k.account_id,
      username: k.username,
      role: k.role,
      apiKey: shown,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
      action: API_KEY_EXPIRED_ACTION,
      targetType: 'api-key',
      targetId: k.id,
      // The key's name stays readable should the key itself be gone (its owner deleted).
      detail: shown,
    });
  }
  return keys.length;
}
