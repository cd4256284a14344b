// The sale log call (POST sale-logs, answering earningVisible and the page) and its export's body.
import type {
  TList,
  TListQuery,
  TSaleLogAnswer,
  TSaleLogRow,
  TSaleLogSearchInput,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const SALE_LOGS_KEY = ['sale-logs'] as const;
export const SALE_LOGS_EXPORT = 'sale-logs/export';

/** The page as the list shows it, with the answer's earningVisible beside it. */
export type SaleLogsPage = TList<TSaleLogRow> & { earningVisible: boolean };

/** `pinned` holds the raw site or agent id of the address, which overrides the dropdown's choice. */
export const saleLogsBody = (query: TListQuery, pinned: Record<string, string> = {}) =>
  flatListBody<TSaleLogSearchInput>(query, pinned);

export async function searchSaleLogs(
  query: TListQuery,
  pinned: Record<string, string>,
  signal?: AbortSignal,
): Promise<SaleLogsPage> {
  const answer = await apiFetch<TSaleLogAnswer>('POST', 'sale-logs', saleLogsBody(query, pinned), { signal });
  return { ...answer.items, earningVisible: answer.earningVisible };
}
