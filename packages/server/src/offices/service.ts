// Office rules: who may list, read, create, change and (de)activate offices, and the office selectors.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  Role,
  type TCompaniesAgentsMode,
  type TOfficeDetail,
  type TOfficeRow,
  type TOfficeSearch,
  type TOfficeStatus,
  ZOfficeCreate,
  ZOfficeUpdate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { decryptSecret } from '../common/crypto';
import { fraudSuspendedSql } from '../common/fraud-suspension';
import { sanitizeRichText } from '../common/sanitize';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { accounts, agents, offices } from '../db/schema';
import { changePassword, createAccount } from '../accounts/credentials';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { lockedOr404 } from '../http/locked-rows';
import { writeAgentsSuspended } from '../ledger';
import { assertOffice } from '../http/tenant';
import {
  domainExists,
  findOfficeAgentOptions,
  findOfficeOptions,
  findOffice,
  officesById,
  officeSiteIds,
  replaceOfficeSites,
  searchOffices,
  type OfficeRecord,
} from './sql';

function toRow(ctx: AppContext, r: OfficeRecord): TOfficeRow {
  return {
    id: r.id,
    companyId: r.id,
    officeName: r.office_name,
    username: r.username,
    plainPassword: decryptSecret(ctx.keys, r.password_secret),
    preferredDomainId: r.preferred_domain_id,
    preferredDomain: r.preferred_domain,
    agentsCount: r.agents_count,
    sitesCount: r.sites_count,
    active: r.active,
    hidden: r.hidden,
    regTime: new Date(r.reg_time).toISOString(),
  };
}

export async function listOffices(ctx: AppContext, q: TOfficeSearch) {
  const { items, total } = await searchOffices(ctx.db, q);
  return { items: items.map((r) => toRow(ctx, r)), total };
}

export async function getOffice(ctx: AppContext, p: Principal, id: number): Promise<TOfficeDetail> {
  assertOffice(p, id);
  const r = await findOffice(ctx.db, id);
  if (!r) throw notFound();
  return {
    ...toRow(ctx, r),
    accountId: r.account_id,
    manFirstName: r.man_first_name,
    manLastName: r.man_last_name,
    manEmail: r.man_email ?? '',
    agentNotes: r.agent_notes ?? '',
    siteIds: await officeSiteIds(ctx.db, id),
  };
}

type OfficeCreate = z.output<typeof ZOfficeCreate>;
type OfficeUpdate = z.output<typeof ZOfficeUpdate>;

/** The office columns both forms write; html is sanitised on save. */
const officeFields = (v: OfficeUpdate) => ({
  officeName: v.officeName,
  manFirstName: v.manFirstName,
  manLastName: v.manLastName,
  manEmail: v.manEmail || null,
  agentNotes: sanitizeRichText(v.agentNotes) || null,
  preferredDomainId: v.preferredDomainId ?? null,
});

/** A preferred domain that does not exist is the user's mistake, not a server error. */
async function assertDomain(db: Queryable, id: number | null | undefined) {
  if (id != null && !(await domainExists(db, id)))
    throw validationError({ preferredDomainId: ['Choose an existing preferred domain'] });
}

export async function createOffice(ctx: AppContext, v: OfficeCreate): Promise<number> {
  await assertDomain(ctx.db, v.preferredDomainId);
  return ctx.db.transaction(async (tx) => {
    const accountId = await createAccount(tx, ctx.keys, {
      role: Role.Company,
      username: v.username,
      password: v.password,
      email: v.manEmail,
    });
    const [office] = await tx
      .insert(offices)
      .values({ accountId, ...officeFields(v), active: v.active })
      .returning({ id: offices.id });
    if (!v.active) await tx.update(accounts).set({ active: false }).where(eq(accounts.id, accountId));
    await replaceOfficeSites(tx, office.id, v.siteIds);
    return office.id;
  });
}

export async function updateOffice(ctx: AppContext, p: Principal, id: number, v: OfficeUpdate) {
  assertOffice(p, id);
  await assertDomain(ctx.db, v.preferredDomainId);
  await ctx.db.transaction(async (tx) => {
    const [office] = await tx
      .update(offices)
      .set(officeFields(v))
      .where(eq(offices.id, id))
      .returning({ accountId: offices.accountId, active: offices.active });
    if (!office) throw notFound();
    if (office.active !== v.active) await setOfficesStatus(tx, [id], { active: v.active });
    if (v.password) await changePassword(tx, ctx.keys, office.accountId, v.password);
    await replaceOfficeSites(tx, id, v.siteIds);
  });
  await publishChange(ctx, 'tracking');
}

/** Activate/suspend or show/hide offices together with all their agents, in one transaction. */
export async function setOfficesStatus(db: Queryable, ids: number[], change: Omit<TOfficeStatus, 'ids'>) {
  const unique = [...new Set(ids)];
  // Every office asked for, locked for this write; one gone (deleted meanwhile) answers 404.
  const officeRows = await lockedOr404<{ id: number; account_id: number }>(
    db,
    officesById(unique),
    unique.length,
  );
  const officeIds = officeRows.map((o) => o.id);
  const agentRows = await db
    .select({ accountId: agents.accountId })
    .from(agents)
    .where(inArray(agents.officeId, officeIds));
  const accountIds = [...officeRows.map((o) => o.account_id), ...agentRows.map((a) => a.accountId)];
  if (change.active !== undefined) {
    await db.update(offices).set({ active: change.active }).where(inArray(offices.id, officeIds));
    // Activating the office leaves an agent suspended for fraud as it was (only its own activation lifts it);
    // suspending it skips the agents suspended already: they do not change, so they are no event.
    const agentsOfOffices = and(
      inArray(agents.officeId, officeIds),
      change.active ? sql`not ${fraudSuspendedSql('agents')}` : eq(agents.active, true),
    );
    const changed = await db
      .update(agents)
      .set({ active: change.active })
      .where(agentsOfOffices)
      .returning({ id: agents.id });
    await db.update(accounts).set({ active: change.active }).where(inArray(accounts.id, accountIds));
    if (!change.active)
      await writeAgentsSuspended(
        db,
        changed.map((r) => r.id),
        false,
      );
  }
  if (change.hidden !== undefined) {
    await db.update(offices).set({ hidden: change.hidden }).where(inArray(offices.id, officeIds));
    await db.update(agents).set({ hidden: change.hidden }).where(inArray(agents.officeId, officeIds));
  }
  return officeIds.length;
}

export async function changeOfficesStatus(ctx: AppContext, input: TOfficeStatus) {
  const { ids, ...change } = input;
  const count = await ctx.db.transaction((tx) => setOfficesStatus(tx, ids, change));
  // Suspended offices' agents must stop redirecting at once, in every process.
  await publishChange(ctx, 'tracking');
  return count;
}

/** Offices for selectors: admins get all, everyone else only their own office. */
export function officeOptions(ctx: AppContext, p: Principal, onlyAvailable?: boolean) {
  return findOfficeOptions(ctx.db, p, onlyAvailable ?? false);
}

/** Agents for selectors, scoped: an agent gets only itself; another office's id answers 404. */
export function officeAgentOptions(
  ctx: AppContext,
  p: Principal,
  officeId: number | undefined,
  mode: TCompaniesAgentsMode,
) {
  if (officeId !== undefined) assertOffice(p, officeId);
  return findOfficeAgentOptions(ctx.db, p, officeId, mode);
}
