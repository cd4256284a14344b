// A request with `Authorization: Bearer sdk_...`: the key is found by its SHA-256, never by its text,
// and must be live (not revoked, not expired: the first use past its expiry is audited,
// common/api-key-expiry.ts) and used from an address its allow list admits.
// The same read loads the owner's account as it is now (http/principal.ts): a suspended, blocked or
// deleted owner's key stops with it, and a permission the owner lost is lost to the key at once.
// http/access.ts checks the route's scope.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_WRONG_ADDRESS, Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { sha256 } from '../common/crypto';
import { logKeysExpired } from '../common/api-key-expiry';
import { sharedLimits, SharedLimitsDown, type Limit } from '../common/shared-limits';
import { queryOne, sql } from '../db/client';
import { forbidden, invalidToken, rateLimited } from './errors';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_JOINS,
  accountMayAct,
  toPrincipal,
  type AccountState,
  type Principal,
} from './principal';

/** Every refused key reads the same: which of wrong, revoked, expired or malformed is not said. */
export const KEY_NOT_VALID = 'This API key is not valid';

/**
 * Wrong keys from one address, counted like failed sign-ins (auth/attempts.ts: 50 an address in 15
 * minutes): past them the address is answered 429 before any key is looked up, a right one included.
 */
export const MAX_WRONG_KEYS_PER_IP = 50;
const WRONG_KEYS: Limit = { kind: 'api-key-wrong-ip', max: MAX_WRONG_KEYS_PER_IP, windowMs: 15 * 60_000 };
export const WRONG_KEYS_TRIES = 'Too many wrong API keys from your address, please wait 15 minutes';

/** How old last_used_at may get before a request writes it again. */
const LAST_USED_EVERY = '1 minute';

interface KeyRow {
  key_id: number;
  key_name: string;
  prefix: string;
  key_hash: string;
  scopes: string[];
  allowed_ips: string[];
  rate_limit: number;
  key_stale: boolean;
  expired: boolean;
}

/**
 * The principal of a live key from an address its allow list admits, acting as its owner; in one read
 * of the key and the account, as a session is one read (http/auth.ts).
 */
export async function principalOfKey(
  ctx: AppContext,
  token: string,
  ip: string,
  userAgent: string | undefined,
): Promise<Principal> {
  const wrong = { limit: WRONG_KEYS, key: ip };
  if (await throttled(ctx, wrong)) throw rateLimited(WRONG_KEYS_TRIES);
  const refuse = async () => {
    await sharedLimits(ctx).hit(wrong, 'count-here');
    return invalidToken(KEY_NOT_VALID);
  };
  if (!API_KEY_PATTERN.test(token)) throw await refuse();
  const hash = sha256(token);
  const row = await queryOne<KeyRow & AccountState>(
    ctx.db,
    sql`select k.id as key_id, k.name as key_name, k.prefix, k.key_hash, k.scopes, k.allowed_ips,
               k.rate_limit,
               (k.last_used_at is null or k.last_used_at < now() - ${LAST_USED_EVERY}::interval) as key_stale,
               coalesce(k.expires_at <= now(), false) as expired,
               ${ACCOUNT_COLUMNS}
        from api_keys k
        join accounts a on a.id = k.account_id
        ${ACCOUNT_JOINS}
        where k.key_hash = ${hash} and k.revoked_at is null`,
  );
  // The index found the row by its hash; the comparison itself takes the same time for any key.
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) throw await refuse();
  if (row.expired) {
    await ctx.db.transaction((tx) => logKeysExpired(tx, { keyId: row.key_id }, { ip, userAgent }));
    throw await refuse();
  }
  // Agents hold no keys; an account that became one (never today) does not act with an old key.
  if (!accountMayAct(row) || row.role === Role.Agent) throw invalidToken(KEY_NOT_VALID);
  if (!allowedFrom(row.allowed_ips, ip)) throw forbidden(API_KEY_WRONG_ADDRESS);
  if (row.key_stale) await touchKey(ctx, row.key_id, ip);
  const apiKey = {
    id: row.key_id,
    name: row.key_name,
    prefix: row.prefix,
    scopes: row.scopes,
    rateLimit: row.rate_limit,
  };
  return toPrincipal(row, { sessionId: null, secondFactor: 'complete', impersonatedBy: null, apiKey });
}

/**
 * Whether the address used up its wrong keys. A key cannot be guessed (about 238 random bits): the
 * throttle spares the database a spray, so a Redis that does not answer lets the lookup go on.
 */
async function throttled(ctx: AppContext, wrong: { limit: Limit; key: string }): Promise<boolean> {
  try {
    return await sharedLimits(ctx).isFull(wrong);
  } catch (err) {
    if (err instanceof SharedLimitsDown) return false;
    throw err;
  }
}

/** Whether `ip` is one of the addresses or inside one of the ranges (an empty list admits every address). */
export function allowedFrom(list: readonly string[], ip: string): boolean {
  if (!list.length) return true;
  const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (!family) return false;
  // Each family against its own entries: node's BlockList would match an IPv4 client against an IPv6
  // range through its mapped form (::/0 would admit every IPv4 address).
  const allowed = new BlockList();
  for (const entry of list) {
    const [address, bits] = entry.split('/');
    if ((isIPv4(address) ? 'ipv4' : 'ipv6') !== family) continue;
    if (bits === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(bits), family);
  }
  return allowed.check(ip, family);
}

/** Last used, written when a minute old; the condition keeps other processes from writing it again. */
async function touchKey(ctx: AppContext, id: number, ip: string) {
  await ctx.db.execute(
    sql`update api_keys set last_used_at = now(), last_used_ip = ${ip.slice(0, 64)}
        where id = ${id} and (last_used_at is null or last_used_at < now() - ${LAST_USED_EVERY}::interval)`,
  );
}
