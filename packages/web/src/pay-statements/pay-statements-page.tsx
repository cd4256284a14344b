// /app/stats/pay-statements: the pay statements of closed periods one may see (an agent its own, an office
// its agents', admins all), newest period first, paged on the server, each with its payment (or why a
// positive balance was carried); filters, print version and CSV.
import { useMemo, useState } from 'react';
import { Anchor, Select } from '@mantine/core';
import { Link } from 'react-router';
import {
  hasRole,
  isDateString,
  PAY_STATEMENT_FILTERS,
  PAY_STATEMENT_HEADERS as H,
  PAY_STATEMENT_TEXTS as T,
  PAY_STATEMENTS_EMPTY,
  Role,
  STATEMENT_STATUS_LABELS,
  type TPayStatementRow,
} from '@salesdesk/contract';
import { useAgentOptions, useOfficeOptions } from '../api/option-queries';
import { CsvExportButton } from '../csv/csv-export-button';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { CriteriaLine } from '../ui/criteria-line';
import { DataTable, type DataColumn } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Price, Peso } from '../ui/money';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { fetchStatements, PAY_STATEMENTS_KEY, statementsExportPath, useStatementPeriods } from './api';
import { statementPaymentCell } from './payment-text';

export const statementLink = (s: { start: string; agentId: number }) =>
  `/app/stats/pay-statements/${s.start}/${s.agentId}`;

function columns(role: number, print: boolean): DataColumn<TPayStatementRow>[] {
  return [
    { id: 'period', header: H.period, cell: (s) => `${s.start} - ${s.end}` },
    { id: 'status', header: H.status, cell: (s) => STATEMENT_STATUS_LABELS[s.status] },
    { id: 'office', header: H.office, cell: (s) => s.officeName, hidden: !hasRole(role, Role.Admin) },
    {
      id: 'agent',
      header: H.agent,
      cell: (s) => `${s.username} (${s.agentName})`,
      hidden: !hasRole(role, Role.Company),
    },
    { id: 'total', header: H.total, align: 'right', money: true, cell: (s) => <Peso value={s.total} /> },
    {
      id: 'carriedIn',
      header: H.carriedIn,
      align: 'right',
      money: true,
      cell: (s) => <Peso value={s.carriedIn} />,
    },
    {
      id: 'payable',
      header: H.payable,
      align: 'right',
      money: true,
      priority: 'high',
      cell: (s) => <Peso value={s.payable} />,
    },
    {
      id: 'carriedOut',
      header: H.carriedOut,
      align: 'right',
      money: true,
      cell: (s) => <Peso value={s.carriedOut} />,
    },
    {
      id: 'dollars',
      header: H.dollars,
      align: 'right',
      money: true,
      cell: (s) => <Price value={s.dollars} />,
    },
    { id: 'payment', header: 'Payment', wrap: true, cell: statementPaymentCell },
    {
      id: 'open',
      header: 'Actions',
      actions: true,
      hidden: print,
      cell: (s) => (
        <Anchor component={Link} to={statementLink(s)} aria-label={`${T.open} ${s.username} ${s.start}`}>
          {T.open}
        </Anchor>
      ),
    },
  ];
}

export function PayStatementsPage() {
  const me = useMe();
  const admin = hasRole(me.role, Role.Admin);
  const office = hasRole(me.role, Role.Company);
  const [print, setPrint] = useState(false);
  const page = useListPage({
    queryKey: PAY_STATEMENTS_KEY,
    queryFn: (query, signal) => fetchStatements(query, signal),
    getRowId: (s) => `${s.start}/${s.agentId}`,
    filterKeys: PAY_STATEMENT_FILTERS,
    emptyText: PAY_STATEMENTS_EMPTY,
  });
  const cols = useMemo(() => columns(me.role, print), [me.role, print]);
  const filters = page.search.values;
  const offices = useOfficeOptions(admin);
  const periods = useStatementPeriods();
  const periodChoices = useMemo(
    () => (periods.data ?? []).map((p) => ({ value: p.start, label: `${p.start} - ${p.end}` })),
    [periods.data],
  );
  const agents = useAgentOptions(admin ? filters.companyId : undefined, { enabled: office });
  const summary = [
    filters.start
      ? `${H.period}: ${periodChoices.find((p) => p.value === filters.start)?.label ?? filters.start}`
      : T.allPeriods,
    filters.companyId && offices.data?.find((o) => String(o.id) === filters.companyId)?.officeName,
    filters.agentId && agents.data?.find((a) => String(a.id) === filters.agentId)?.username,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Page title={T.title} tabs={print ? false : undefined}>
      {!print && (
        <ListSearch {...page.search} label={T.search} canSearch={(d) => !d.start || isDateString(d.start)}>
          {(field, draft) => (
            <>
              <Select
                label={H.period}
                placeholder={T.allPeriods}
                data={periodChoices}
                value={draft.start || null}
                onChange={(v) => field('start').onChange(v ?? '')}
                clearable
                w={240}
              />
              {office && <OfficeAgentFilter field={field} draft={draft} showOffice={admin} />}
            </>
          )}
        </ListSearch>
      )}
      {!print && (
        <CsvExportButton
          path={statementsExportPath(page.list.query)}
          total={page.result.data?.total}
          fallbackName="pay-statements.csv"
        />
      )}
      <CriteriaLine text={summary} print={print} onPrintChange={setPrint} />
      <DataTable columns={cols} caption={T.title} print={print} {...page.table} />
      {!print && <Pagination {...page.pagination} />}
    </Page>
  );
}
