// The fraud rules' settings as the postback reads them: loaded from the options once and kept until the
// options change (the 'options' notice, from this process or another, while an app watches) or for a
// minute at most (the safety net behind the notices, and all a script without an app relies on).
import { inArray } from 'drizzle-orm';
import { FRAUD_OPTION_NAMES, fraudSettingsOf, type TFraudSettings } from '@salesdesk/contract';
import type { Db } from '../db/client';
import { options } from '../db/schema';
import { subscribeChanges, type ChangeCtx } from './changes';

export const FRAUD_SETTINGS_MAX_AGE_MS = 60_000;
const NAMES = Object.values(FRAUD_OPTION_NAMES);

const cached = new WeakMap<Db, { loadedAt: number; settings: Promise<TFraudSettings> }>();

async function load(db: Db): Promise<TFraudSettings> {
  return fraudSettingsOf(await db.select().from(options).where(inArray(options.name, NAMES)));
}

/** The rules in force: from the cache, or read once for every caller waiting at the same time. */
export function fraudSettings(db: Db, now = Date.now()): Promise<TFraudSettings> {
  const entry = cached.get(db);
  if (entry && now - entry.loadedAt < FRAUD_SETTINGS_MAX_AGE_MS) return entry.settings;
  const fresh = { loadedAt: now, settings: load(db) };
  cached.set(db, fresh);
  // A failed read is not kept: the next postback asks again.
  fresh.settings.catch(() => cached.get(db) === fresh && cached.delete(db));
  return fresh.settings;
}

/** Drops the cached rules: the next postback reads the options again. */
export const forgetFraudSettings = (db: Db) => void cached.delete(db);

/** Keeps this handle's rules coherent with every process: each options notice drops them. */
export const watchFraudSettings = (ctx: ChangeCtx): (() => Promise<void>) =>
  subscribeChanges(ctx, 'options', () => forgetFraudSettings(ctx.db));
