// "Migrate agents": every agent waiting in migration_agents becomes an agent of the office with its
// name, once. One transaction per agent, so a bad row is skipped without undoing the others.
import { eq } from 'drizzle-orm';
import { Role, type TMigrationResult } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { decryptSecret } from '../common/crypto';
import { publishChange } from '../common/changes';
import type { Tx } from '../db/client';
import { accounts, agents } from '../db/schema';
import { assertUsernameFree, createAccount } from '../accounts/credentials';
import { AppError } from '../http/errors';
import { writeAgentsCreated } from '../ledger';
import {
  countWaiting,
  enableOfficeSites,
  listWaiting,
  lockWaiting,
  markMigrated,
  officesNamed,
  type WaitingAgent,
} from './sql';

export const countToMigrate = (ctx: AppContext) => countWaiting(ctx.db);

type Outcome = { kind: 'migrated' } | { kind: 'gone' } | { kind: 'skipped'; reason: string };
type Office = { id: number; active: boolean };

/** A taken username is that row's problem (it is skipped), not the whole migration's. */
function usernameProblem(err: unknown): string | null {
  return err instanceof AppError && err.data?.username ? err.data.username.join(' ') : null;
}

/** Every check comes before the first write, so a skipped row leaves the database as it was. */
async function migrateOne(ctx: AppContext, tx: Tx, id: number): Promise<Outcome> {
  const row = await lockWaiting(tx, id);
  // Migrated by another call meanwhile.
  if (!row) return { kind: 'gone' };
  const offices = await officesNamed(tx, row.office_name);
  if (!offices.length) return { kind: 'skipped', reason: `No office is named "${row.office_name}"` };
  if (offices.length > 1)
    return { kind: 'skipped', reason: `Several offices are named "${row.office_name}"` };
  const password = decryptSecret(ctx.keys, row.password_secret);
  if (password === null)
    return { kind: 'skipped', reason: 'The password cannot be read (imported with another SECRET_KEY)' };
  try {
    await assertUsernameFree(tx, row.username);
  } catch (err) {
    const reason = usernameProblem(err);
    if (reason) return { kind: 'skipped', reason };
    throw err;
  }
  await createAgent(ctx, tx, row, offices[0], password);
  return { kind: 'migrated' };
}

async function createAgent(ctx: AppContext, tx: Tx, row: WaitingAgent, office: Office, password: string) {
  // The password the old server had, stored the way every account's is (hash and viewable copy).
  const accountId = await createAccount(tx, ctx.keys, {
    role: Role.Agent,
    username: row.username,
    password,
    email: row.email,
  });
  const [agent] = await tx
    .insert(agents)
    .values({
      accountId,
      officeId: office.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      active: office.active,
    })
    .returning({ id: agents.id });
  // An agent of a suspended office is suspended with it, as suspending the office would have done.
  if (!office.active) await tx.update(accounts).set({ active: false }).where(eq(accounts.id, accountId));
  await enableOfficeSites(tx, agent.id, office.id);
  await writeAgentsCreated(tx, [agent.id]);
  await markMigrated(tx, row.id, agent.id);
}

export async function migrateAgents(ctx: AppContext): Promise<TMigrationResult> {
  const result: TMigrationResult = { migrated: 0, skipped: [] };
  for (const { id, username } of await listWaiting(ctx.db)) {
    let outcome: Outcome;
    try {
      outcome = await ctx.db.transaction((tx) => migrateOne(ctx, tx, id));
    } catch (err) {
      // Another account took the username between the check and the insert.
      const reason = usernameProblem(err);
      if (!reason) throw err;
      outcome = { kind: 'skipped', reason };
    }
    if (outcome.kind === 'migrated') result.migrated += 1;
    if (outcome.kind === 'skipped') result.skipped.push({ username, reason: outcome.reason });
  }
  // The new agents can click at once: every process reloads its click cache.
  if (result.migrated) await publishChange(ctx, 'tracking');
  return result;
}
