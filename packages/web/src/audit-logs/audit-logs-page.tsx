// /app/logs/audit (superadmins; admins the rows about offices, agents, sites, money and their own API
// keys): who changed what, filtered by user, action, target and date range, paged on the server, newest
// first, with a CSV.
import { Select, TextInput } from '@mantine/core';
import {
  ADMIN_AUDIT_TARGETS,
  ADMIN_OWN_AUDIT_TARGETS,
  auditActionNames,
  AUDIT_LOG_FILTERS,
  AUDIT_LOG_SORT_FIELDS,
  AUDIT_LOGS_EMPTY,
  AUDIT_LOGS_TITLE,
  AUDIT_TARGET_LABELS,
  AUDIT_TARGETS,
  Role,
} from '@salesdesk/contract';
import { CsvExportButton } from '../csv/csv-export-button';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { AUDIT_LOGS_EXPORT, AUDIT_LOGS_KEY, auditLogsBody, searchAuditLogs } from './api';
import { auditLogColumns } from './audit-log-columns';

export function AuditLogsPage() {
  const me = useMe();
  const { hints, thisMonth } = useLogPeriod();
  const logs = useListPage({
    queryKey: AUDIT_LOGS_KEY,
    queryFn: (query, signal) => searchAuditLogs(withRange(query, thisMonth), signal),
    getRowId: (r) => r.id,
    sortFields: AUDIT_LOG_SORT_FIELDS,
    filterKeys: AUDIT_LOG_FILTERS,
    defaultSortField: 'time',
    defaultSortAsc: false,
    emptyText: AUDIT_LOGS_EMPTY,
  });
  const period = periodSearch(logs.search.values, logs.search.onSearch, thisMonth);
  // An admin's rows are about offices, agents, sites and money, and its own API keys: the other targets
  // would find none.
  const targets =
    me.role === Role.Superadmin ? AUDIT_TARGETS : [...ADMIN_AUDIT_TARGETS, ...ADMIN_OWN_AUDIT_TARGETS];
  const targetOptions = targets.map((value) => ({ value, label: AUDIT_TARGET_LABELS[value] }));
  // The actions by name; a name may stand for several routes (the server matches them all).
  const actionOptions = auditActionNames(targets);

  return (
    <Page title={AUDIT_LOGS_TITLE}>
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search the audit log"
      >
        {(field, draft) => (
          <>
            <TextInput label="User" placeholder="part of a username" {...field('username')} w={160} />
            <Select
              label="Action"
              placeholder="All actions"
              data={
                draft.action && !actionOptions.includes(draft.action)
                  ? [...actionOptions, draft.action]
                  : actionOptions
              }
              value={draft.action || null}
              onChange={(v) => field('action').onChange(v ?? '')}
              searchable
              clearable
              w={220}
            />
            <Select
              label="Target"
              placeholder="All targets"
              data={targetOptions}
              value={draft.targetType || null}
              onChange={(v) => field('targetType').onChange(v ?? '')}
              clearable
              w={170}
            />
            <TextInput label="Target id" {...field('targetId')} w={110} />
            <LogPeriod field={field} draft={draft} hints={hints} />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path={AUDIT_LOGS_EXPORT}
        body={() => auditLogsBody(withRange(logs.list.query, thisMonth))}
        total={logs.result.data?.total}
        fallbackName="audit-log.csv"
      />
      <DataTable columns={auditLogColumns} caption={AUDIT_LOGS_TITLE} {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
