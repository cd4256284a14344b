// Pay statement rules: every role sees the statements of its tenant (an agent its own, an office its agents',
// admins all; another tenant's statement does not exist for it). Adjustment notes are internal (DESIGN.md
// section 9): admins get each adjustment with its note, offices and agents one line of the period's
// adjustments summed, without a note.
import {
  isAdmin,
  statementStatusOf,
  type TPayStatement,
  type TPayStatementRow,
  type TPayStatementsQuery,
  type TStatementLine,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { assertAgentFilter } from '../click-logs/filters';
import { sendStatementCsv, sendStatementListCsv } from './csv';
import {
  adjustmentRows,
  avpLines,
  findStatement,
  searchStatements,
  siteLines,
  statementChunks,
  type AdjustmentRecord,
  type AvpLineRecord,
  type SiteLineRecord,
  type StatementRecord,
} from './sql';

export function toStatementRow(r: StatementRecord): TPayStatementRow {
  return {
    start: r.start,
    end: r.end,
    status: statementStatusOf(r.status),
    agentId: r.agent_id,
    username: r.username,
    agentName: r.agent_name,
    companyId: r.office_id,
    officeName: r.office_name,
    total: r.total,
    carriedIn: r.carried_in,
    payable: r.payable,
    carriedOut: r.carried_out,
    dollars: r.dollars,
  };
}

export async function listStatements(ctx: AppContext, p: Principal, q: TPayStatementsQuery) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  const { items, total } = await searchStatements(ctx.db, p, q);
  return { items: items.map(toStatementRow), total };
}

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

type Line = Omit<TStatementLine, 'dollars' | 'note'> & Partial<Pick<TStatementLine, 'dollars' | 'note'>>;
const line = (l: Line): TStatementLine => ({ dollars: null, note: null, ...l });

/** Sales, bonuses and reversals per site, in the statement's order; site 0 holds the adjustments. */
function perSite(rows: SiteLineRecord[]) {
  const sites = rows.filter((r) => r.site_id !== 0);
  const site = (r: SiteLineRecord) => r.sitename ?? `Site ${r.site_id}`;
  const of = (
    kind: 'sales' | 'bonuses' | 'reversals',
    count: keyof SiteLineRecord,
    payout: keyof SiteLineRecord,
  ) =>
    sites
      .filter((r) => Number(r[count]) !== 0 || !isZero(String(r[payout])))
      .map((r) => line({ kind, site: site(r), count: Number(r[count]), payout: String(r[payout]) }));
  return {
    sales: of('sales', 'sales', 'sales_payout'),
    bonuses: of('bonuses', 'bonuses', 'bonus_payout'),
    reversals: of('reversals', 'reversals', 'reversal_payout'),
    adjusted: rows.find((r) => r.site_id === 0),
  };
}

const weekEnd = (week: string) => {
  const d = new Date(`${week}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
};

const avpLine = (r: AvpLineRecord) =>
  line({
    kind: 'avp',
    site: null,
    count: r.sales,
    payout: r.payout,
    dollars: r.payout_dollars,
    note: `Week ${r.week} - ${weekEnd(r.week)}: ${r.week_sales} AVP sales`,
  });

function adjustmentLines(admin: boolean, summed: SiteLineRecord | undefined, rows: AdjustmentRecord[]) {
  if (admin)
    return rows.map((r) =>
      line({ kind: 'adjustments', site: null, count: 1, payout: r.payout, note: r.note }),
    );
  if (!summed || summed.adjustments === 0) return [];
  return [line({ kind: 'adjustments', site: null, count: summed.adjustments, payout: summed.adjust_payout })];
}

/** The statement with its lines, or 404 when the caller has no such statement. */
export async function getStatement(
  ctx: AppContext,
  p: Principal,
  start: string,
  agentId: number,
): Promise<TPayStatement> {
  const head = await findStatement(ctx.db, p, start, agentId);
  if (!head) throw notFound();
  const admin = isAdmin(p.role);
  const [sites, avp, adjustments] = await Promise.all([
    siteLines(ctx.db, start, agentId),
    avpLines(ctx.db, start, agentId),
    admin ? adjustmentRows(ctx.db, start, agentId) : Promise.resolve([]),
  ]);
  const s = perSite(sites);
  const lines = [
    ...s.sales,
    ...s.bonuses,
    // A week of refunds only has an AVP line too (for Payroll AVP); it pays nothing, so it is no line here.
    ...avp.filter((r) => r.sales !== 0 || !isZero(r.payout) || !isZero(r.payout_dollars)).map(avpLine),
    ...s.reversals,
    ...adjustmentLines(admin, s.adjusted, adjustments),
  ];
  return { ...toStatementRow(head), lines };
}

export async function exportStatement(
  ctx: AppContext,
  p: Principal,
  start: string,
  agentId: number,
  reply: FastifyReply,
) {
  return sendStatementCsv(reply, await getStatement(ctx, p, start, agentId));
}

/** Every statement of the list as CSV, whatever the page. */
export async function exportStatements(
  ctx: AppContext,
  p: Principal,
  q: TPayStatementsQuery,
  reply: FastifyReply,
) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  return sendStatementListCsv(reply, p, q, statementChunks(ctx.db, p, q));
}
