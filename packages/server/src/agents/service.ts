// Agent rules: who may list, read, create and change agents, and which office an agent may belong to.
import { eq } from 'drizzle-orm';
import {
  hasRole,
  OFFICE_REQUIRED,
  Role,
  type TAgentDetail,
  type TAgentRow,
  type TAgentSearch,
  ZAgentCreate,
  ZAgentUpdate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { decryptSecret } from '../common/crypto';
import { sanitizeRichText } from '../common/sanitize';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { accounts, agents } from '../db/schema';
import { writeAgentsCreated } from '../ledger';
import { changePassword, createAccount } from '../accounts/credentials';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { assertAgent, assertOffice, scopeOf } from '../http/tenant';
import { setAgentsStatus } from './status';
import {
  dropSitesOutsideOffice,
  findAgent,
  lockAgent,
  officeExists,
  officeSiteIds,
  officeSitesOfAgent,
  replaceAgentSites,
  searchAgents,
  type AgentRecord,
} from './sql';

const iso = (d: Date | string) => new Date(d).toISOString();

function toRow(ctx: AppContext, r: AgentRecord): TAgentRow {
  return {
    id: r.id,
    companyId: r.office_id,
    officeId: r.office_id,
    officeName: r.office_name,
    firstName: r.first_name,
    lastName: r.last_name,
    username: r.username,
    plainPassword: decryptSecret(ctx.keys, r.password_secret),
    email: r.email ?? '',
    active: r.active,
    hidden: r.hidden,
    loginBlocked: r.login_blocked,
    approved: r.approved,
    regTime: iso(r.reg_time),
    lastLoginTime: r.last_login_time ? iso(r.last_login_time) : null,
    loginCount: r.login_count,
    sitesCount: r.sites_count,
  };
}

export async function listAgents(ctx: AppContext, p: Principal, q: TAgentSearch) {
  const { items, total } = await searchAgents(ctx.db, p, q);
  return { items: items.map((r) => toRow(ctx, r)), total };
}

export async function getAgent(ctx: AppContext, p: Principal, id: number): Promise<TAgentDetail> {
  const r = await findAgent(ctx.db, id);
  if (!r) throw notFound();
  assertAgent(p, { id: r.id, officeId: r.office_id });
  const sites = await officeSitesOfAgent(ctx.db, r.id, r.office_id);
  return {
    ...toRow(ctx, r),
    accountId: r.account_id,
    mustRead: r.must_read ?? '',
    sites,
    siteIds: sites.filter((s) => s.enable).map((s) => s.siteId),
  };
}

type AgentCreate = z.output<typeof ZAgentCreate>;
type AgentUpdate = z.output<typeof ZAgentUpdate>;
type SiteSwitch = NonNullable<AgentUpdate['sites']>[number];

/** An admin names an existing office; an office's agents are always its own (another office: 404). */
async function officeForCreate(db: Queryable, p: Principal, asked: number | null | undefined) {
  const scope = scopeOf(p);
  if (scope.kind !== 'all') {
    if (asked != null) assertOffice(p, asked);
    return scope.officeId;
  }
  if (asked == null) throw validationError({ officeId: [OFFICE_REQUIRED] });
  if (!(await officeExists(db, asked))) throw validationError({ officeId: ['Choose an existing office'] });
  return asked;
}

/** Only a superadmin moves an existing agent to another office; an office cannot name another one. */
async function officeForUpdate(
  db: Queryable,
  p: Principal,
  current: number,
  asked: number | null | undefined,
) {
  if (asked == null || asked === current) return current;
  assertOffice(p, asked);
  if (!hasRole(p.role, Role.Superadmin))
    throw validationError({ officeId: ['Only a superadmin can move an agent to another office'] });
  if (!(await officeExists(db, asked))) throw validationError({ officeId: ['Choose an existing office'] });
  return asked;
}

/** The switches to store: one per site (the last one given wins), each a site of the office. */
async function checkSites(db: Queryable, officeId: number, sites: SiteSwitch[]) {
  const bySite = new Map(sites.map((s) => [s.siteId, s.enable]));
  const allowed = await officeSiteIds(db, officeId);
  if ([...bySite.keys()].some((id) => !allowed.has(id)))
    throw validationError({ sites: ["Choose only sites of the agent's office"] });
  return [...bySite].map(([siteId, enable]) => ({ siteId, enable }));
}

/** The agent columns both forms write; html is sanitised on save. */
const agentFields = (v: AgentUpdate) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email || null,
  mustRead: sanitizeRichText(v.mustRead) || null,
});

export async function createAgent(ctx: AppContext, p: Principal, v: AgentCreate): Promise<number> {
  const officeId = await officeForCreate(ctx.db, p, v.officeId);
  const id = await ctx.db.transaction(async (tx) => {
    const sites = await checkSites(tx, officeId, v.sites ?? []);
    const accountId = await createAccount(tx, ctx.keys, {
      role: Role.Agent,
      username: v.username,
      password: v.password,
      email: v.email,
      // An office's new agent waits on New Agents for someone holding APPROVE_AGENTS.
      approved: hasRole(p.role, Role.Admin),
    });
    const [agent] = await tx
      .insert(agents)
      .values({ accountId, officeId, ...agentFields(v), active: v.active })
      .returning({ id: agents.id });
    if (!v.active) await tx.update(accounts).set({ active: false }).where(eq(accounts.id, accountId));
    await replaceAgentSites(tx, agent.id, sites);
    await writeAgentsCreated(tx, [agent.id]);
    return agent.id;
  });
  await publishChange(ctx, 'tracking');
  return id;
}

export async function updateAgent(ctx: AppContext, p: Principal, id: number, v: AgentUpdate) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockAgent(tx, id);
    if (!current) throw notFound();
    assertAgent(p, { id, officeId: current.office_id });
    const officeId = await officeForUpdate(tx, p, current.office_id, v.officeId);
    await tx
      .update(agents)
      .set({ ...agentFields(v), officeId })
      .where(eq(agents.id, id));
    await tx
      .update(accounts)
      .set({ email: v.email || null })
      .where(eq(accounts.id, current.account_id));
    if (current.active !== v.active)
      await setAgentsStatus(tx, [{ id, account_id: current.account_id }], { active: v.active });
    if (v.password) await changePassword(tx, ctx.keys, current.account_id, v.password);
    if (v.sites) await replaceAgentSites(tx, id, await checkSites(tx, officeId, v.sites));
    else if (officeId !== current.office_id) await dropSitesOutsideOffice(tx, id, officeId);
  });
  // Status, sites and office decide what the agent's links do, in every process.
  await publishChange(ctx, 'tracking');
}
