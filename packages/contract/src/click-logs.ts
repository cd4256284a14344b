// Click logs (spec 2 sections 2.10, 3 and 7): every recorded click, newest first, for every role in its scope.
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';
import {
  INVALID_REASON_LABELS,
  INVALID_REASONS,
  ZInvalidReason,
  type TInvalidReason,
} from './invalid-traffic';
import { ZIpFilter } from './login-logs';
import { refineDateRange, ZDateString } from './period';

// Only the click time sorts: every other order over ten million rows would need an index of its own.
export const CLICK_LOG_SORT_FIELDS = ['clickTime'] as const;
export type TClickLogSortField = (typeof CLICK_LOG_SORT_FIELDS)[number];
/** The flat filters of the list, as they travel in the URL and the request. */
export const CLICK_LOG_FILTERS = [
  'ipAddress',
  'companyId',
  'agentId',
  'siteId',
  'reason',
  'start',
  'end',
] as const;
export const CLICK_LOGS_EMPTY = 'No logs for selected period';
/** Under the list once the retention option has dropped older raw clicks (the statistics keep them). */
export const clickLogsKeptFrom = (day: string) =>
  `Raw clicks are kept from ${day}. Older clicks are counted in the statistics only.`;

/** The column headers, on screen and in the CSV export. */
export const CLICK_LOG_HEADERS = {
  officeName: 'Office',
  agentUsername: 'Agent',
  sitename: 'Site',
  typename: 'Type',
  url: 'Link',
  clickTime: 'Click time',
  fromIp: 'IP from',
  uniques: 'Uniques',
  invalidReason: 'Reason',
  referer: 'Referrer',
} as const;

/** The Reason filter: valid clicks, invalid ones (any reason), or one reason. */
export const CLICK_REASON_FILTERS = ['valid', 'invalid', ...INVALID_REASONS] as const;
export type TClickReasonFilter = (typeof CLICK_REASON_FILTERS)[number];
export const CLICK_REASON_FILTER_LABELS: Readonly<Record<TClickReasonFilter, string>> = {
  valid: 'Valid clicks',
  invalid: 'Invalid clicks (any reason)',
  ...INVALID_REASON_LABELS,
};

/** A click's Reason cell, on screen and in the CSV: empty for a valid click, what matched beside it. */
export function formatClickReason(reason: TInvalidReason | null, detail: string | null = null): string {
  if (!reason) return '';
  const label = INVALID_REASON_LABELS[reason];
  return detail ? `${label} (${detail})` : label;
}

const clickLogFilters = {
  ipAddress: ZIpFilter.optional(),
  companyId: ZIdNumber.optional(),
  agentId: ZIdNumber.optional(),
  siteId: ZIdNumber.optional(),
  reason: z.enum(CLICK_REASON_FILTERS, 'Choose valid, invalid or a reason').optional(),
  start: ZDateString.optional(),
  end: ZDateString.optional(),
};

/** POST click-outs/search. */
export const ZClickLogSearch = listQuery({ sort: CLICK_LOG_SORT_FIELDS })
  .extend(clickLogFilters)
  .superRefine(refineDateRange);
export type TClickLogSearch = z.infer<typeof ZClickLogSearch>;
export type TClickLogSearchInput = z.input<typeof ZClickLogSearch>;

/**
 * fromIp and uniques are null where the brand hides IPs; referer also where it hides referrers.
 * invalidReason is null for a valid click; invalidDetail, what a bot's or preview's user agent matched,
 * is for admins only (the rules are theirs), null otherwise.
 */
export const ZClickLogRow = z.object({
  id: z.number(),
  officeName: z.string(),
  agentUsername: z.string(),
  sitename: z.string(),
  typename: z.string(),
  url: z.string(),
  clickTime: z.string(),
  fromIp: z.string().nullable(),
  uniques: z.number().nullable(),
  referer: z.string().nullable(),
  invalidReason: ZInvalidReason.nullable(),
  invalidDetail: z.string().nullable(),
});
export type TClickLogRow = z.infer<typeof ZClickLogRow>;
/** The list, with the first Eastern day whose raw clicks are kept (null: every click is kept). */
export const ZClickLogList = listOf(ZClickLogRow).extend({ keptFrom: ZDateString.nullable() });
export type TClickLogList = z.infer<typeof ZClickLogList>;
