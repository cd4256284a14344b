// /app/review: held and flagged sales, newest first, filtered by rule, status, site, office, agent and
// days (no days: every day); approve or reject a held row or the selected rows with a reason, and
// Suspend for fraud a row's agent.
import { useMemo } from 'react';
import { Select } from '@mantine/core';
import {
  FRAUD_RULE_KEYS,
  FRAUD_RULE_LABELS,
  isDateRangeValid,
  Permission,
  REVIEW_FILTERS,
  REVIEW_SORT_FIELDS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  REVIEW_TEXTS,
  Role,
} from '@salesdesk/contract';
import { LogPeriod, useLogPeriod } from '../filters/log-period';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import { SiteFilter } from '../filters/site-filter';
import { useMe } from '../session/use-session';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListPage } from '../ui/use-list-page';
import { REVIEW_KEY, searchReview } from './api';
import { useDecide, useSuspendAction, type Decision } from './review-actions';
import { reviewColumns } from './review-columns';

const RULE_OPTIONS = FRAUD_RULE_KEYS.map((value) => ({ value, label: FRAUD_RULE_LABELS[value] }));
const STATUS_OPTIONS = REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABELS[value] }));

/** No days (every day) or a whole range. */
const daysSearchable = (d: Partial<Record<'start' | 'end', string>>) =>
  (!d.start && !d.end) || isDateRangeValid(d.start, d.end);

export function ReviewPage() {
  const me = useMe();
  const { hints } = useLogPeriod();
  const queue = useListPage({
    queryKey: REVIEW_KEY,
    queryFn: searchReview,
    getRowId: (r) => r.id,
    sortFields: REVIEW_SORT_FIELDS,
    filterKeys: REVIEW_FILTERS,
    defaultSortField: 'date',
    defaultSortAsc: false,
    emptyText: REVIEW_TEXTS.empty,
    selectable: true,
  });
  const decide = useDecide();
  const suspend = useSuspendAction(me);
  const earning = me.role === Role.Superadmin || me.permissions.includes(Permission.EarningVisible);
  const columns = useMemo(
    () =>
      reviewColumns(
        {
          decide: (row, status) => void decide([row], status),
          suspend: (row) => void suspend({ id: row.agentId, username: row.agent }),
        },
        { earning },
      ),
    [decide, suspend, earning],
  );
  const held = queue.selectedRows.filter((r) => r.status === 'held');
  const bulk = async (status: Decision) => {
    if (await decide(held, status)) queue.clearSelection();
  };

  return (
    <Page title={REVIEW_TEXTS.title}>
      <ListSearch {...queue.search} canSearch={daysSearchable} label="Search the review queue">
        {(field, draft) => (
          <>
            <Select
              label="Rule"
              placeholder="All rules"
              data={RULE_OPTIONS}
              value={draft.rule || null}
              onChange={(v) => field('rule').onChange(v ?? '')}
              clearable
              w={230}
            />
            <Select
              label="Status"
              placeholder="Held and flagged"
              data={STATUS_OPTIONS}
              value={draft.status || null}
              onChange={(v) => field('status').onChange(v ?? '')}
              clearable
              w={170}
            />
            <SiteFilter field={field} draft={draft} />
            <OfficeAgentFilter field={field} draft={draft} showOffice />
            <LogPeriod field={field} draft={draft} hints={hints} optional />
          </>
        )}
      </ListSearch>
      <SelectionBar
        count={queue.selected.length}
        actions={[
          { label: 'Approve', onClick: () => void bulk('approved'), disabled: !held.length },
          { label: 'Reject', onClick: () => void bulk('rejected'), color: 'red', disabled: !held.length },
        ]}
      />
      <DataTable columns={columns} caption={REVIEW_TEXTS.title} {...queue.table} />
      <Pagination {...queue.pagination} />
    </Page>
  );
}
