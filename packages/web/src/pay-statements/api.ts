// Calls of the pay statement screens: the list (GET, its filters in the query string), one statement,
// and the paths of their CSV files.
import { useQuery } from '@tanstack/react-query';
import {
  toQueryString,
  type TList,
  type TListQuery,
  type TPayStatement,
  type TPayStatementRow,
  type TStatementPeriod,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const PAY_STATEMENTS_KEY = ['pay-statements'] as const;

/** The list state's criteria (start, companyId, agentId) as the list's query string, with the page. */
export function statementsQuery(query: TListQuery, paging = true): Record<string, string | number> {
  const filters = Object.fromEntries(query.criteria.map((c) => [c.field, c.value.trim()]));
  return paging ? { ...filters, page: query.page, pageSize: query.pageSize } : filters;
}

export const fetchStatements = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TPayStatementRow>>('GET', 'pay-statements', undefined, {
    query: statementsQuery(query),
    signal,
  });

/** The list's file: every statement of the filters, whatever the page. */
export function statementsExportPath(query: TListQuery): string {
  const qs = toQueryString(statementsQuery(query, false));
  return qs ? `pay-statements/export?${qs}` : 'pay-statements/export';
}

export const statementPath = (start: string, agentId: number) => `pay-statements/${start}/${agentId}`;

export function useStatement(start: string, agentId: number | undefined) {
  return useQuery({
    queryKey: [...PAY_STATEMENTS_KEY, 'one', start, agentId],
    queryFn: ({ signal }) =>
      apiFetch<TPayStatement>('GET', statementPath(start, agentId!), undefined, { signal }),
    enabled: agentId !== undefined,
  });
}

/** The closed and paid periods, newest first: the list's period choice. */
export function useStatementPeriods() {
  return useQuery({
    queryKey: [...PAY_STATEMENTS_KEY, 'periods'],
    queryFn: ({ signal }) =>
      apiFetch<TStatementPeriod[]>('GET', 'pay-statements/periods', undefined, { signal }),
  });
}
