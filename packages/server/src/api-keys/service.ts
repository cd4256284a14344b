// API key rules: an account (superadmin, admin, office) makes keys for itself with its current password
// and its second factor when enrolled, never with more scopes than it holds, at most 25 live; it lists
// and revokes only its own. The key is returned once; only its SHA-256 and first 8 characters are kept.
import { randomInt } from 'node:crypto';
import {
  API_KEY_MAX_LIVE,
  API_KEY_NAME_TAKEN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_SCOPE_BEYOND,
  API_KEY_SHOWN,
  API_KEY_TOO_MANY,
  type TApiKeyCreated,
  type TApiKeyList,
  type TApiKeyRow,
  type ZApiKeyCreate,
  type ZApiKeySearch,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { sha256 } from '../common/crypto';
import { isUniqueViolation } from '../db/unique-violation';
import { assertCurrentPassword } from '../auth/current-password';
import { assertOwnCode } from '../auth/two-factor';
import type { Principal } from '../http/auth';
import { conflict, validationError } from '../http/errors';
import { scopesHeldBy } from '../http/key-scopes';
import { changedOr404, lockAccount } from '../http/locked-rows';
import { countLive, insertKey, revokeKey, searchKeys, type KeyRecord } from './sql';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `sdk_` and 40 characters drawn uniformly from base62 by the system's secure generator. */
export function newKey(): string {
  let out = API_KEY_PREFIX;
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRow(r: KeyRecord): TApiKeyRow {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    allowedIps: r.allowed_ips,
    rateLimit: r.rate_limit,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    expiresAt: iso(r.expires_at),
    lastUsedAt: iso(r.last_used_at),
    lastUsedIp: r.last_used_ip,
    revokedAt: iso(r.revoked_at),
  };
}

export async function listKeys(
  ctx: AppContext,
  p: Principal,
  q: z.output<typeof ZApiKeySearch>,
): Promise<TApiKeyList> {
  const page = await searchKeys(ctx.db, p.accountId, q);
  return { items: page.items.map(toRow), total: page.total };
}

export async function createKey(
  ctx: AppContext,
  p: Principal,
  v: z.output<typeof ZApiKeyCreate>,
  ip: string,
): Promise<TApiKeyCreated> {
  const held = scopesHeldBy(p);
  const beyond = v.scopes.find((s) => !held.includes(s));
  if (beyond) throw validationError({ scopes: [API_KEY_SCOPE_BEYOND(beyond)] }, API_KEY_SCOPE_BEYOND(beyond));
  await assertCurrentPassword(ctx, p, v.currentPassword);
  await assertOwnCode(ctx, p, v.code, ip);
  await lockAccount(ctx.db, p.accountId);
  if ((await countLive(ctx.db, p.accountId)) >= API_KEY_MAX_LIVE) throw conflict(API_KEY_TOO_MANY);
  const key = newKey();
  try {
    const row = await insertKey(ctx.db, {
      accountId: p.accountId,
      name: v.name,
      keyHash: sha256(key),
      prefix: key.slice(0, API_KEY_SHOWN),
      scopes: v.scopes,
      allowedIps: v.allowedIps,
      rateLimit: v.rateLimit,
      expiresAt: v.expiresAt ?? null,
      createdBy: p.accountId,
    });
    return { ...toRow(row), key };
  } catch (err) {
    if (isUniqueViolation(err, 'api_keys_live_name_idx'))
      throw validationError({ name: [API_KEY_NAME_TAKEN] }, API_KEY_NAME_TAKEN);
    throw err;
  }
}

/** Revokes one of the account's own live keys; another account's key, or one already revoked, is 404. */
export async function revoke(ctx: AppContext, p: Principal, id: number): Promise<void> {
  changedOr404(await revokeKey(ctx.db, p.accountId, id));
}
