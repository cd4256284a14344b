// API keys made without the create route (no password, no limit), for the tests that use one.
import { API_KEY_SHOWN, type TApiKeyScope } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { sha256 } from '../common/crypto';
import { insertKey } from '../api-keys/sql';
import { newKey } from '../api-keys/service';
import { uniqueName } from './factories';

export interface KeyOptions {
  scopes?: TApiKeyScope[];
  allowedIps?: string[];
  expiresAt?: string | null;
  rateLimit?: number;
  name?: string;
}

/** A live key of the account; answers its row id and the key itself. */
export async function buildKey(
  ctx: AppContext,
  accountId: number,
  opts: KeyOptions = {},
): Promise<{ id: number; key: string }> {
  const key = newKey();
  const row = await insertKey(ctx.db, {
    accountId,
    name: opts.name ?? uniqueName('key'),
    keyHash: sha256(key),
    prefix: key.slice(0, API_KEY_SHOWN),
    scopes: opts.scopes ?? ['stats:read'],
    allowedIps: opts.allowedIps ?? [],
    rateLimit: opts.rateLimit ?? 600,
    expiresAt: opts.expiresAt ?? null,
    createdBy: accountId,
  });
  return { id: row.id, key };
}
