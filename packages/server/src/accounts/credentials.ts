// Creating accounts and changing passwords: the one place that writes usernames and password copies.
import { eq, sql } from 'drizzle-orm';
import type { Keys } from '../common/crypto';
import { encryptSecret, hashPassword } from '../common/crypto';
import { queryOne, type Queryable } from '../db/client';
import { accounts } from '../db/schema';
import { validationError } from '../http/errors';

export const USERNAME_TAKEN = 'This username is already taken';

export async function assertUsernameFree(db: Queryable, username: string) {
  const taken = await queryOne<{ id: number }>(
    db,
    sql`select id from accounts where lower(username) = lower(${username})`,
  );
  if (taken) throw validationError({ username: [USERNAME_TAKEN] });
}

export async function passwordColumns(keys: Keys, password: string) {
  return { passwordHash: await hashPassword(password), passwordSecret: encryptSecret(keys, password) };
}

export async function createAccount(
  db: Queryable,
  keys: Keys,
  a: { role: number; username: string; password: string; email?: string | null; approved?: boolean },
) {
  await assertUsernameFree(db, a.username);
  const [row] = await db
    .insert(accounts)
    .values({
      role: a.role,
      username: a.username,
      email: a.email || null,
      approved: a.approved ?? true,
      ...(await passwordColumns(keys, a.password)),
    })
    .returning({ id: accounts.id });
  return row.id;
}

/** A new password ends the account's other sessions. */
export async function changePassword(db: Queryable, keys: Keys, accountId: number, password: string) {
  await db
    .update(accounts)
    .set({ ...(await passwordColumns(keys, password)), sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, accountId));
}
