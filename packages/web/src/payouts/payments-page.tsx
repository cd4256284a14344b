// /app/stats/payments: the payment history, a Statistics tab of every role: the payout lines one may see
// (an agent its own, an office its agents', admins all), newest first, with their method, amount, status,
// paid date and references; offices and admins filter by office and agent.
import { useMemo } from 'react';
import { hasRole, PAYOUT_TEXTS, Role, type TListQuery, type TPayoutLineSearch } from '@salesdesk/contract';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { PAYOUTS_KEY, searchLines } from './api';
import { lineColumns } from './line-columns';

export const PAYMENT_FILTERS = ['companyId', 'agentId'] as const;

/** The list state as the lines search's body: its id filters as numbers, no sort (newest first). */
export function paymentsBody(query: TListQuery): TPayoutLineSearch {
  const body: TPayoutLineSearch = { page: query.page, pageSize: query.pageSize };
  for (const c of query.criteria) {
    const value = c.value.trim();
    if (/^[1-9]\d{0,9}$/.test(value) && (c.field === 'companyId' || c.field === 'agentId'))
      body[c.field] = Number(value);
  }
  return body;
}

export function PaymentsPage() {
  const me = useMe();
  const admin = hasRole(me.role, Role.Admin);
  const office = hasRole(me.role, Role.Company);
  const page = useListPage({
    queryKey: [...PAYOUTS_KEY, 'history'],
    queryFn: (query, signal) => searchLines(paymentsBody(query), signal),
    getRowId: (l) => l.id,
    filterKeys: office ? PAYMENT_FILTERS : [],
    emptyText: PAYOUT_TEXTS.noLines,
  });
  const columns = useMemo(() => lineColumns({ role: me.role, period: true }), [me.role]);
  return (
    <Page title={PAYOUT_TEXTS.paymentHistory}>
      {office && (
        <ListSearch {...page.search}>
          {(field, draft) => <OfficeAgentFilter field={field} draft={draft} showOffice={admin} />}
        </ListSearch>
      )}
      <DataTable columns={columns} caption={PAYOUT_TEXTS.paymentHistory} {...page.table} />
      <Pagination {...page.pagination} />
    </Page>
  );
}
