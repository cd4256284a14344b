// The postback log (/app/logs/postbacks, admins and superadmins): every postback that reached the
// server and its result, newest first. An accepted postback is its sale, bonus or reversal row itself
// (kept as long as the sale); repeats and refusals are log rows of their own, kept the Postback Log Days,
// and refused postbacks past a rate per site and address are summed into one row with their `count`.
import { z } from 'zod';
import { listOf, listQuery, ZBigIdNumber, ZIdNumber } from './common';
import { refineDateRange, ZDateString } from './period';
import { POSTBACK_RESULTS } from './postback';

export const POSTBACK_LOG_SORT_FIELDS = ['time'] as const;
/** The flat filters of the list, as they travel in the URL and the request. */
export const POSTBACK_LOG_FILTERS = ['siteId', 'result', 'start', 'end', 'txId', 'clickId'] as const;
export const POSTBACK_LOGS_EMPTY = 'No logs for selected period';
export const POSTBACK_LOGS_TITLE = 'Postbacks';

/** How long the log keeps a postback unless the option says otherwise. */
export const POSTBACK_LOG_DAYS_DEFAULT = 90;

/** The column headers, on screen and in the CSV export. */
export const POSTBACK_LOG_HEADERS = {
  time: 'Time',
  sitename: 'Site',
  ip: 'IP',
  event: 'Event',
  txId: 'Tx id',
  clickId: 'Click id',
  result: 'Result',
  saleId: 'Sale id',
  count: 'Count',
  /** What was wrong with a refused postback (a bad input's fields); in the Result cell on screen. */
  detail: 'Detail',
} as const;

/** What each result says, for the filter and the column. */
export const POSTBACK_RESULT_LABELS: Readonly<Record<(typeof POSTBACK_RESULTS)[number], string>> = {
  ACCEPTED: 'Accepted',
  DUPLICATE: 'Duplicate',
  WRONG_TOKEN: 'Wrong token',
  UNKNOWN_SITE: 'Unknown site',
  UNKNOWN_CLICK: 'Unknown click',
  UNKNOWN_SALE: 'Unknown sale',
  ALREADY_REVERSED: 'Already reversed',
  CLICK_SITE_MISMATCH: 'Click of another site',
  RATE_LIMITED: 'Rate limited',
  BAD_INPUT: 'Bad input',
};

/** POST postback-logs and postback-logs/export. txId matches exactly, as the sale log's email does. */
export const ZPostbackLogSearch = listQuery({ sort: POSTBACK_LOG_SORT_FIELDS })
  .extend({
    siteId: ZIdNumber.optional(),
    result: z.enum(POSTBACK_RESULTS, 'Unknown result').optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
    txId: z.string().trim().max(128).optional(),
    clickId: ZBigIdNumber.optional(),
  })
  .superRefine(refineDateRange);
export type TPostbackLogSearch = z.infer<typeof ZPostbackLogSearch>;
export type TPostbackLogSearchInput = z.input<typeof ZPostbackLogSearch>;

export const ZPostbackLogRow = z.object({
  /** The row's key: `sale-{id}` for an accepted postback (its row in sales), `log-{id}` for the others. */
  id: z.string(),
  time: z.string(),
  siteId: z.number(),
  /** Null when the site id named no site. */
  sitename: z.string().nullable(),
  ip: z.string(),
  event: z.string().nullable(),
  txId: z.string().nullable(),
  clickId: z.number().nullable(),
  result: z.enum(POSTBACK_RESULTS),
  saleId: z.number().nullable(),
  /** 1, or how many refused postbacks of the same site, address and result this row sums. */
  count: z.number(),
  /** What was wrong, of a refusal that says it: a bad input's fields (`clickId: Invalid input`). */
  detail: z.string().nullable(),
});
export type TPostbackLogRow = z.infer<typeof ZPostbackLogRow>;
export const ZPostbackLogList = listOf(ZPostbackLogRow);
