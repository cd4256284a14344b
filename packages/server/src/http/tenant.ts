// The one tenant scope: an agent sees only itself, an office user only its office, admins everything.
// Every scoped query builds its condition with `scoped` (rows) or `scopedSites` (sites), nothing else.
import { sql, type SQL } from 'drizzle-orm';
import { hasRole, Role } from '@salesdesk/contract';
import type { Principal } from './auth';
import { notFound } from './errors';

export type Scope =
  | { kind: 'all' }
  | { kind: 'office'; officeId: number }
  | { kind: 'agent'; officeId: number; agentId: number };

export function scopeOf(p: Principal): Scope {
  if (hasRole(p.role, Role.Admin)) return { kind: 'all' };
  if (p.role === Role.Company && p.companyId) return { kind: 'office', officeId: p.companyId };
  if (p.role === Role.Agent && p.agentId && p.companyId)
    return { kind: 'agent', officeId: p.companyId, agentId: p.agentId };
  // An account without its office or agent row sees nothing rather than everything.
  return { kind: 'office', officeId: -1 };
}

declare const columnBrand: unique symbol;
/** A column of the query (`alias.column`), named in code: never user input, never an expression. */
export type Col = SQL & { readonly [columnBrand]: true };

const COLUMN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;
export function col(name: `${string}.${string}`): Col {
  if (!COLUMN.test(name)) throw new Error(`Not a column reference: ${name}`);
  return sql.raw(name) as Col;
}

/**
 * How a table belongs to a tenant. A table with an agent column must name it, so an agent can never
 * be widened to its whole office by leaving it out; a table without one says what an agent sees:
 * its office's rows (`'office'`) or none (`'none'`).
 */
export type TenantColumns = { office: Col; agent: Col | 'office' | 'none' };

/** The condition limiting rows to the principal's tenant. */
export function scoped(p: Principal, cols: TenantColumns): SQL {
  const s = scopeOf(p);
  if (s.kind === 'all') return sql`true`;
  if (s.kind === 'office') return sql`${cols.office} = ${s.officeId}`;
  if (cols.agent === 'none') return sql`false`;
  if (cols.agent === 'office') return sql`${cols.office} = ${s.officeId}`;
  return sql`(${cols.office} = ${s.officeId} and ${cols.agent} = ${s.agentId})`;
}

/** The condition limiting sites to those the tenant has: an office its sites, an agent its enabled ones. */
export function scopedSites(p: Principal, siteId: Col): SQL {
  const s = scopeOf(p);
  if (s.kind === 'all') return sql`true`;
  if (s.kind === 'office')
    return sql`${siteId} in (select site_id from office_sites where office_id = ${s.officeId})`;
  return sql`${siteId} in (select site_id from agent_sites where agent_id = ${s.agentId} and enable)`;
}

/**
 * The tenant condition plus the office and agent a filter asks for. Asking for another tenant's
 * office or (as an agent) another agent is answered 404, as for any other id of another tenant.
 */
export function scopedFilter(
  p: Principal,
  cols: { office: Col; agent: Col },
  asked: { officeId?: number | null; agentId?: number | null },
): SQL {
  if (asked.officeId != null) assertOffice(p, asked.officeId);
  const s = scopeOf(p);
  if (s.kind === 'agent' && asked.agentId != null && asked.agentId !== s.agentId) throw notFound();
  const conds = [scoped(p, cols)];
  if (asked.officeId != null) conds.push(sql`${cols.office} = ${asked.officeId}`);
  if (asked.agentId != null) conds.push(sql`${cols.agent} = ${asked.agentId}`);
  return sql.join(conds, sql` and `);
}

export const canSeeOffice = (p: Principal, officeId: number) => {
  const s = scopeOf(p);
  return s.kind === 'all' || s.officeId === officeId;
};

export const canSeeAgent = (p: Principal, agent: { id: number; officeId: number }) => {
  const s = scopeOf(p);
  if (s.kind === 'all') return true;
  if (s.kind === 'office') return s.officeId === agent.officeId;
  return s.agentId === agent.id;
};

/** Throws 404 (not 403: another tenant's ids do not exist for you) when the office is out of scope. */
export function assertOffice(p: Principal, officeId: number) {
  if (!canSeeOffice(p, officeId)) throw notFound();
}

export function assertAgent(p: Principal, agent: { id: number; officeId: number }) {
  if (!canSeeAgent(p, agent)) throw notFound();
}
