// Pay statement rules: every role sees the statements of its tenant (an agent its own, an office its agents',
// admins all; another tenant's statement does not exist for it). Each line explains itself (issue 32): an
// adjustment shows its note to the agent, else `Adjustment` and its date; its internal note (DESIGN.md
// section 9) only to admins.
import {
  adjustmentLineNote,
  avpLineNote,
  isAdmin,
  payoutLineStatusName,
  statementStatusOf,
  ZERO_PAY_NOTES,
  type TPayStatement,
  type TPayStatementRow,
  type TPayStatementsQuery,
  type TStatementPeriod,
  type TStatementLine,
  type TStatementPayment,
  type TPayoutMethod,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { assertAgentFilter } from '../event-logs/filters';
import { sendStatementCsv, sendStatementListCsv } from './csv';
import {
  adjustmentRows,
  avpLines,
  findStatement,
  searchStatements,
  settledPeriods,
  siteLines,
  statementChunks,
  type AdjustmentRecord,
  type AvpLineRecord,
  type PaymentLine,
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
    paidAt: r.paid_at === null ? null : new Date(r.paid_at).toISOString(),
    minimumPayout: r.minimum_payout,
    payment: paymentOf(r.carried_line ?? r.line),
  };
}

/** How the statement was paid out: its line in the period's batch, or the later line it was carried into. */
function paymentOf(l: PaymentLine | null): TStatementPayment | null {
  if (!l) return null;
  return {
    status: payoutLineStatusName(l.status),
    paidOn: l.paid_on,
    summary: l.method ? { method: l.method as TPayoutMethod, last4: l.last4 ?? '' } : null,
    reference: l.reference,
    bankReference: l.bank_reference,
  };
}

export async function listStatements(ctx: AppContext, p: Principal, q: TPayStatementsQuery) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  const { items, total } = await searchStatements(ctx.db, p, q);
  return { items: items.map(toStatementRow), total };
}

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

type Optional = 'dollars' | 'note' | 'internalNote';
type Line = Omit<TStatementLine, Optional> & Partial<Pick<TStatementLine, Optional>>;
const line = (l: Line): TStatementLine => ({ dollars: null, note: null, internalNote: null, ...l });

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
      .map((r) => {
        const paid = String(r[payout]);
        return line({
          kind,
          site: site(r),
          count: Number(r[count]),
          payout: paid,
          note: isZero(paid) ? ZERO_PAY_NOTES[kind] : null,
        });
      });
  return {
    sales: of('sales', 'sales', 'sales_payout'),
    bonuses: of('bonuses', 'bonuses', 'bonus_payout'),
    reversals: of('reversals', 'reversals', 'reversal_payout'),
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
    note: avpLineNote({
      week: r.week,
      weekEnd: weekEnd(r.week),
      sales: r.sales,
      weekSales: r.week_sales,
      rate: r.rate,
      dollarRate: r.dollar_rate,
    }),
  });

const adjustmentLine = (admin: boolean) => (r: AdjustmentRecord) =>
  line({
    kind: 'adjustments',
    site: null,
    count: 1,
    payout: r.payout,
    note: r.agent_note ?? adjustmentLineNote(r.day),
    internalNote: admin ? r.note : null,
  });

/** The closed and paid periods, newest first: the statements list's period choice. */
export async function statementPeriods(ctx: AppContext): Promise<TStatementPeriod[]> {
  const rows = await settledPeriods(ctx.db);
  return rows.map((r) => ({ start: r.start, end: r.end, status: statementStatusOf(r.status) }));
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
    adjustmentRows(ctx.db, start, agentId),
  ]);
  const s = perSite(sites);
  const lines = [
    ...s.sales,
    ...s.bonuses,
    // A week of refunds only has an AVP line too (for Payroll AVP); it pays nothing, so it is no line here.
    ...avp.filter((r) => r.sales !== 0 || !isZero(r.payout) || !isZero(r.payout_dollars)).map(avpLine),
    ...s.reversals,
    ...adjustments.map(adjustmentLine(admin)),
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
  return sendStatementCsv(reply, p, await getStatement(ctx, p, start, agentId));
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
