// Login log rules: offices and above, scoped to the caller's tenant; IPs only where the brand shows them.
import type { TLoginLogRow, TLoginLogSearch } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { assertAgent, scopeOf } from '../http/tenant';
import { findAgentOffice, searchLoginLogs, type LoginLogRecord } from './sql';

const iso = (t: Date | string) => new Date(t).toISOString();

function toRow(r: LoginLogRecord, showIp: boolean): TLoginLogRow {
  return {
    id: Number(r.id),
    username: r.username,
    ip: showIp ? r.ip : null,
    inTime: iso(r.in_time),
    outTime: r.out_time === null ? null : iso(r.out_time),
  };
}

/** Another office's agent is answered 404; for an admin an unknown agent simply has no logs. */
async function assertAgentFilter(ctx: AppContext, p: Principal, agentId: number) {
  const agent = await findAgentOffice(ctx.db, agentId);
  if (agent) assertAgent(p, agent);
  else if (scopeOf(p).kind !== 'all') throw notFound();
}

export async function listLoginLogs(ctx: AppContext, p: Principal, q: TLoginLogSearch) {
  const showIp = ctx.brand.showIp;
  // Where the brand hides addresses, searching by one would reveal them.
  if (!showIp && q.ipAddress) throw validationError({ ipAddress: ['IP addresses are not shown'] });
  if (q.agentId !== undefined) await assertAgentFilter(ctx, p, q.agentId);
  const { items, total } = await searchLoginLogs(ctx.db, p, q);
  return { items: items.map((r) => toRow(r, showIp)), total };
}
