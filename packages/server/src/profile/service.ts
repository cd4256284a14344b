// Profile rules: each role edits its own profile; a new password ends the account's other sessions.
import { eq } from 'drizzle-orm';
import {
  PROFILE_STATUS_FIXED,
  Role,
  type TAdminProfile,
  type TCompanyProfile,
  type TProfileSaved,
  ZAdminProfileUpdate,
  ZAgentProfileUpdate,
  ZCompanyProfileUpdate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { accounts, offices } from '../db/schema';
import { changePassword } from '../accounts/credentials';
import { sanitizeRichText } from '../common/sanitize';
import { signSession, type Principal } from '../http/auth';
import { forbidden, notFound, validationError } from '../http/errors';
import { assertCurrentPassword } from '../auth/current-password';
import { endOtherSessions } from '../auth/sessions';
import { followSessionVersion } from '../auth/sessions-sql';
import { findAdminProfile, findOfficeProfile } from './sql';

type AdminUpdate = z.output<typeof ZAdminProfileUpdate>;
type OfficeProfileUpdate = z.output<typeof ZCompanyProfileUpdate>;
type AgentUpdate = z.output<typeof ZAgentProfileUpdate>;

/**
 * Sets the password and answers a token for the caller's own session. The new password raises the
 * session version and ends the account's other sessions; the caller's session row goes on under the
 * new version, and its new token carries it (the old token names the old version and is refused).
 */
async function setOwnPassword(ctx: AppContext, tx: Tx, p: Principal, password: string): Promise<string> {
  const sessionId = p.sessionId;
  if (sessionId === null) throw forbidden('This session cannot change the password');
  await changePassword(tx, ctx.keys, p.accountId, password);
  await endOtherSessions(tx, p);
  const sessionVersion = await followSessionVersion(tx, sessionId);
  return signSession(ctx, { ...p, sessionVersion, sessionId });
}

const saved = (token: string | undefined): TProfileSaved => (token ? { ok: true, token } : { ok: true });

export async function getAdminProfile(ctx: AppContext, p: Principal): Promise<TAdminProfile> {
  const r = await findAdminProfile(ctx.db, p.accountId);
  if (!r) throw notFound();
  return { username: r.username, email: r.email ?? '', showSuspend: r.show_suspend };
}

export async function updateAdminProfile(ctx: AppContext, p: Principal, v: AdminUpdate) {
  if (v.password) await assertCurrentPassword(ctx, p, v.currentPassword);
  const token = await ctx.db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ email: v.email, showSuspend: v.showSuspend })
      .where(eq(accounts.id, p.accountId));
    return v.password ? setOwnPassword(ctx, tx, p, v.password) : undefined;
  });
  return saved(token);
}

/** Only an office account has an office profile (an admin has none of its own). */
function assertOffice(p: Principal) {
  if (p.role !== Role.Company) throw forbidden('Only an office has an office profile');
}

export async function getOfficeProfile(ctx: AppContext, p: Principal): Promise<TCompanyProfile> {
  assertOffice(p);
  const r = await findOfficeProfile(ctx.db, p.accountId);
  if (!r) throw notFound();
  return {
    username: r.username,
    officeName: r.office_name,
    manFirstName: r.man_first_name,
    manLastName: r.man_last_name,
    manEmail: r.man_email ?? '',
    agentNotes: r.agent_notes ?? '',
    activated: r.active,
  };
}

export async function updateOfficeProfile(ctx: AppContext, p: Principal, v: OfficeProfileUpdate) {
  assertOffice(p);
  if (v.password) await assertCurrentPassword(ctx, p, v.currentPassword);
  const token = await ctx.db.transaction(async (tx) => {
    const current = await findOfficeProfile(tx, p.accountId);
    if (!current) throw notFound();
    // Suspending an office suspends its agents: that stays with the administrators.
    if (v.activated !== undefined && v.activated !== current.active)
      throw validationError({ activated: [PROFILE_STATUS_FIXED] });
    await tx
      .update(offices)
      .set({
        officeName: v.officeName,
        manFirstName: v.manFirstName,
        manLastName: v.manLastName,
        manEmail: v.manEmail,
        agentNotes: sanitizeRichText(v.agentNotes) || null,
      })
      .where(eq(offices.id, current.id));
    // The account's own address too, so forgot-password mails only the address the office now gives.
    await tx.update(accounts).set({ email: v.manEmail }).where(eq(accounts.id, p.accountId));
    return v.password ? setOwnPassword(ctx, tx, p, v.password) : undefined;
  });
  return saved(token);
}

/** The password-only profile: any account may set its own password here (agents have nothing else). */
export async function updateAgentProfile(ctx: AppContext, p: Principal, v: AgentUpdate) {
  await assertCurrentPassword(ctx, p, v.currentPassword);
  const token = await ctx.db.transaction((tx) => setOwnPassword(ctx, tx, p, v.password));
  return saved(token);
}
