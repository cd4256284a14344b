// Review queue rules: admins with the approve-agents permission and superadmins see every office's
// held and flagged sales with their rules; earnings only with EARNING_VISIBLE.
import {
  fraudRulesOf,
  Permission,
  saleStatusName,
  type TReviewRow,
  type TReviewSearch,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { hasPermission, type Principal } from '../http/auth';
import { assertAgentFilter } from '../event-logs/filters';
import { countHeld, searchReview, type ReviewRecord } from './sql';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: ReviewRecord, earning: boolean): TReviewRow {
  return {
    id: Number(r.id),
    date: new Date(r.date).toISOString(),
    eventType: r.event_type,
    status: saleStatusName(r.status, r.reversal_kind),
    rules: fraudRulesOf(r.fraud_flags),
    holdUntil: iso(r.hold_until),
    agentId: r.agent_id,
    agent: r.agent_username ?? '',
    companyId: r.office_id,
    officeName: r.office_name ?? '',
    siteId: r.site_id,
    sitename: r.sitename ?? '',
    typename: r.typename ?? '',
    customerEmail: r.customer_email,
    clickId: r.click_id === null ? null : Number(r.click_id),
    clickToSale: r.click_to_sale,
    payout: r.payout,
    earning: earning ? r.earning : null,
    note: r.note,
  };
}

export async function listReview(ctx: AppContext, p: Principal, q: TReviewSearch) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  const { items, total } = await searchReview(ctx.db, p, q);
  const earning = hasPermission(p, Permission.EarningVisible);
  return { items: items.map((r) => toRow(r, earning)), total };
}

export const heldCount = async (ctx: AppContext) => ({ count: await countHeld(ctx.db) });
