// Admin rules: a superadmin lists, reads, creates and changes admins (role 5 accounts) and their flags.
import { and, eq } from 'drizzle-orm';
import { Role, type TAdminRow, type TAdminsQuery, ZAdminCreate, ZAdminUpdate } from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { decryptSecret } from '../common/crypto';
import { accounts } from '../db/schema';
import { changePassword, createAccount } from '../accounts/credentials';
import { notFound } from '../http/errors';
import { findAdmin, searchAdmins, type AdminRecord } from './sql';

function toRow(ctx: AppContext, r: AdminRecord): TAdminRow {
  return {
    id: r.id,
    username: r.username,
    plainPassword: decryptSecret(ctx.keys, r.password_secret),
    email: r.email ?? '',
    earningVisible: r.earning_visible,
    approveAgents: r.approve_agents,
    showSuspend: r.show_suspend,
    regTime: new Date(r.reg_time).toISOString(),
  };
}

export async function listAdmins(ctx: AppContext, q: TAdminsQuery) {
  const { items, total } = await searchAdmins(ctx.db, q);
  return { items: items.map((r) => toRow(ctx, r)), total };
}

export async function getAdmin(ctx: AppContext, id: number): Promise<TAdminRow> {
  const r = await findAdmin(ctx.db, id);
  if (!r) throw notFound();
  return toRow(ctx, r);
}

type AdminCreate = z.output<typeof ZAdminCreate>;
type AdminUpdate = z.output<typeof ZAdminUpdate>;

/** The account columns both forms write. */
const adminFields = (v: AdminUpdate) => ({
  email: v.email,
  earningVisible: v.earningVisible,
  approveAgents: v.approveAgents,
  showSuspend: v.showSuspend,
});

export function createAdmin(ctx: AppContext, v: AdminCreate): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const id = await createAccount(tx, ctx.keys, {
      role: Role.Admin,
      username: v.username,
      password: v.password,
      email: v.email,
    });
    await tx.update(accounts).set(adminFields(v)).where(eq(accounts.id, id));
    return id;
  });
}

/** Flags take effect on the admin's next call (permissions are read per request); a new password ends its sessions. */
export async function updateAdmin(ctx: AppContext, id: number, v: AdminUpdate) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set(adminFields(v))
      .where(and(eq(accounts.id, id), eq(accounts.role, Role.Admin)))
      .returning({ id: accounts.id });
    if (!row) throw notFound();
    if (v.password) await changePassword(tx, ctx.keys, id, v.password);
  });
}
