// Two-factor queries: the authenticator row, recovery codes, and the account facts the rules read.
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';
import { recoveryCodes } from '../db/schema';

export const findAccountRole = (db: Queryable, accountId: number) =>
  queryOne<{ role: number; username: string }>(
    db,
    sql`select role, username from accounts where id = ${accountId}`,
  );

export interface TwoFactorRecord {
  secret: string | null;
  pending_secret: string | null;
  codes_left: number;
}

export const findTwoFactor = (db: Queryable, accountId: number) =>
  queryOne<TwoFactorRecord>(
    db,
    sql`select t.secret, t.pending_secret,
               (select count(*) from recovery_codes r
                where r.account_id = ${accountId} and r.used_at is null)::int as codes_left
        from two_factor t where t.account_id = ${accountId}`,
  );

/** Offers a new secret (encrypted); an enrolled account keeps its own (the caller checks first). */
export async function savePendingSecret(db: Queryable, accountId: number, pending: string) {
  await db.execute(
    sql`insert into two_factor (account_id, pending_secret) values (${accountId}, ${pending})
        on conflict (account_id) do update set pending_secret = excluded.pending_secret
        where two_factor.secret is null`,
  );
}

/**
 * The offered secret becomes the account's, with the step of the code that confirmed it; false when
 * another request confirmed or replaced it first.
 */
export async function confirmPendingSecret(db: Queryable, accountId: number, pending: string, step: number) {
  const row = await queryOne<{ account_id: number }>(
    db,
    sql`update two_factor set secret = pending_secret, pending_secret = null, enabled_at = now(),
               last_step = ${step}
        where account_id = ${accountId} and secret is null and pending_secret = ${pending}
        returning account_id`,
  );
  return !!row;
}

/**
 * Takes the code's time step if it is later than the last one taken: of two requests with one code
 * (or a replay within its window) exactly one gets the row. Naming the secret keeps a code of a secret
 * reset meanwhile from counting.
 */
export async function takeStep(db: Queryable, accountId: number, secret: string, step: number) {
  const row = await queryOne<{ account_id: number }>(
    db,
    sql`update two_factor set last_step = ${step}
        where account_id = ${accountId} and secret = ${secret}
          and (last_step is null or last_step < ${step})
        returning account_id`,
  );
  return !!row;
}

/** Uses an unused recovery code of the account; false when it is not one, or was used (even just now). */
export async function takeRecoveryCode(db: Queryable, accountId: number, hash: string) {
  const row = await queryOne<{ id: unknown }>(
    db,
    sql`update recovery_codes set used_at = now()
        where account_id = ${accountId} and code_hash = ${hash} and used_at is null
        returning id`,
  );
  return !!row;
}

export async function replaceRecoveryCodes(db: Queryable, accountId: number, hashes: string[]) {
  await db.execute(sql`delete from recovery_codes where account_id = ${accountId}`);
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

/** Removes the authenticator and the recovery codes; answers whether there was one. */
export async function deleteTwoFactor(db: Queryable, accountId: number) {
  await db.execute(sql`delete from recovery_codes where account_id = ${accountId}`);
  const row = await queryOne<{ account_id: number }>(
    db,
    sql`delete from two_factor where account_id = ${accountId} returning account_id`,
  );
  return !!row;
}
