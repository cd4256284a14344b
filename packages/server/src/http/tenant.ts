// The one tenant-scope helper: an agent sees only itself, a company only its office, admins everything.
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

/** SQL condition limiting rows to the principal's tenant, given the row's office and agent columns. */
export function tenantWhere(p: Principal, cols: { office: SQL | unknown; agent?: SQL | unknown }): SQL {
  const s = scopeOf(p);
  if (s.kind === 'all') return sql`true`;
  if (s.kind === 'office') return sql`${cols.office} = ${s.officeId}`;
  if (!cols.agent) return sql`${cols.office} = ${s.officeId}`;
  return sql`${cols.agent} = ${s.agentId}`;
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

/** For filters: the office id a non-admin is forced to, or the one an admin asked for. */
export function officeFilter(p: Principal, requested?: number | null): number | undefined {
  const s = scopeOf(p);
  if (s.kind === 'all') return requested ?? undefined;
  return s.officeId;
}

/** For filters: the agent id an agent is forced to, or the one asked for (checked by the caller's scope). */
export function agentFilter(p: Principal, requested?: number | null): number | undefined {
  const s = scopeOf(p);
  if (s.kind === 'agent') return s.agentId;
  return requested ?? undefined;
}
