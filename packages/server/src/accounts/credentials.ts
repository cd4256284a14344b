// Creating accounts and changing passwords: the one place that writes usernames and password copies.
import { eq, sql } from 'drizzle-orm';
import { canonicalUsername, EMAIL_ASCII, isStorableEmail, ZUsername } from '@salesdesk/contract';
import type { Keys } from '../common/crypto';
import { encryptSecret, hashPassword } from '../common/crypto';
import { queryOne, type Queryable } from '../db/client';
import { accounts } from '../db/schema';
import { validationError } from '../http/errors';
import { isUniqueViolation } from '../db/unique-violation';

export const USERNAME_TAKEN = 'This username is already taken';

/** Refuses a username that is not storable (the contract's rule) or whose canonical form is taken. */
export async function assertUsernameFree(db: Queryable, username: string) {
  const shape = ZUsername.safeParse(username);
  if (!shape.success) throw validationError({ username: shape.error.issues.map((i) => i.message) });
  // A storable name is ASCII, so lower() in the database and canonicalUsername agree on it.
  const taken = await queryOne<{ id: number }>(
    db,
    sql`select id from accounts where lower(username) = ${canonicalUsername(username)}`,
  );
  if (taken) throw validationError({ username: [USERNAME_TAKEN] });
}

export interface PasswordColumns {
  passwordHash: string;
  passwordSecret: string;
}

export async function passwordColumns(keys: Keys, password: string): Promise<PasswordColumns> {
  return { passwordHash: await hashPassword(password), passwordSecret: encryptSecret(keys, password) };
}

export async function createAccount(
  db: Queryable,
  keys: Keys,
  a: { role: number; username: string; password: string; email?: string | null; approved?: boolean },
  /** `a.password`'s columns made already (the test factories hash their one password once). */
  columns?: PasswordColumns,
) {
  await assertUsernameFree(db, a.username);
  if (a.email && !isStorableEmail(a.email)) throw validationError({ email: [EMAIL_ASCII] });
  const values = {
    role: a.role,
    username: a.username,
    email: a.email || null,
    approved: a.approved ?? true,
    ...(columns ?? (await passwordColumns(keys, a.password))),
  };
  try {
    const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
    return row.id;
  } catch (err) {
    throw usernameRaceLost(err) ? validationError({ username: [USERNAME_TAKEN] }) : err;
  }
}

/** A concurrent create of the same username passes the check and loses at the unique index. */
export const usernameRaceLost = (err: unknown): boolean =>
  isUniqueViolation(err, 'accounts_username_lower_idx');

/** A new password ends the account's other sessions. */
export async function changePassword(db: Queryable, keys: Keys, accountId: number, password: string) {
  await db
    .update(accounts)
    .set({ ...(await passwordColumns(keys, password)), sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, accountId));
}
