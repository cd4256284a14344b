// Raw sale logs (spec 2 sections 2.11, 3, 4 and 7): every sale and bonus event, newest first.
import { z } from 'zod';
import { EventType, listOf, listQuery, ZBigIdNumber, ZIdNumber } from './common';
import { ZSaleStatusName } from './money';
import { refineDateRange } from './period';
import { ZDateString } from './period';

// Only the date sorts: every other order over the whole table would need an index of its own.
export const SALE_LOG_SORT_FIELDS = ['date'] as const;
export type TSaleLogSortField = (typeof SALE_LOG_SORT_FIELDS)[number];
/** The flat filters of the list, as they travel in the URL and the request. */
export const SALE_LOG_FILTERS = [
  'siteId',
  'companyId',
  'agentId',
  'recordType',
  'status',
  'start',
  'end',
  'clickId',
  'email',
] as const;
/** URL keys that pin the site or agent filter (links from other pages); their dropdown is disabled. */
export const SALE_LOG_RAW_KEYS = { siteId: 'rawSiteId', agentId: 'rawAgentId' } as const;
export const SALE_LOGS_EMPTY = 'No logs for selected period';

/** Record types of the filter and the column (EventType). */
export const RECORD_TYPE_LABELS: Readonly<Record<number, string>> = {
  [EventType.Sale]: 'Sale',
  [EventType.Bonus]: 'Bonus',
  [EventType.Refund]: 'Refund',
  [EventType.Chargeback]: 'Chargeback',
  [EventType.Adjustment]: 'Adjustment',
};
/** The record types the filter offers, in its order. */
export const RECORD_TYPES = [
  EventType.Sale,
  EventType.Bonus,
  EventType.Refund,
  EventType.Chargeback,
  EventType.Adjustment,
] as const;
const ZRecordType = z
  .union([z.number(), z.string().regex(/^\d$/, 'Unknown record type').transform(Number)])
  .pipe(
    z.union(
      RECORD_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>],
      'Unknown record type',
    ),
  );
export const formatRecordType = (eventType: number) => RECORD_TYPE_LABELS[eventType] ?? String(eventType);

/** The column headers, on screen and in the CSV export. */
export const SALE_LOG_HEADERS = {
  date: 'Date',
  customerEmail: 'Email',
  officeName: 'Office',
  agent: 'Agent',
  sitename: 'Site',
  typename: 'Link',
  earning: 'Earning ($)',
  payout: 'Payout (₱)',
  clickId: 'Click id',
  eventType: 'Record type',
  status: 'Status',
  /** Admins only: a rejection's or reversal's reason, an adjustment's note. */
  note: 'Note',
  referer: 'Referer',
} as const;

/** POST sale-logs. The email matches exactly; the click id is a number. */
export const ZSaleLogSearch = listQuery({ sort: SALE_LOG_SORT_FIELDS })
  .extend({
    siteId: ZIdNumber.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    recordType: ZRecordType.optional(),
    status: ZSaleStatusName.optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
    clickId: ZBigIdNumber.optional(),
    email: z.string().trim().max(128).optional(),
  })
  .superRefine(refineDateRange);
export type TSaleLogSearch = z.infer<typeof ZSaleLogSearch>;
export type TSaleLogSearchInput = z.input<typeof ZSaleLogSearch>;

/** Money as decimal strings; earning is null unless the caller may see earnings, referer unless superadmin. */
export const ZSaleLogRow = z.object({
  id: z.number(),
  date: z.string(),
  customerEmail: z.string().nullable(),
  officeName: z.string(),
  agent: z.string(),
  sitename: z.string(),
  typename: z.string(),
  earning: z.string().nullable(),
  payout: z.string(),
  clickId: z.number().nullable(),
  eventType: z.number(),
  /** A sale's or bonus's status; reversal and adjustment rows are `approved`. */
  status: ZSaleStatusName,
  /** The rejection's or reversal's reason, an adjustment's note: admins only (null for others). */
  note: z.string().nullable(),
  /** A reversal row: the sale it reverses. */
  reversesId: z.number().nullable(),
  referer: z.string().nullable(),
});
export type TSaleLogRow = z.infer<typeof ZSaleLogRow>;
export const ZSaleLogAnswer = z.object({ earningVisible: z.boolean(), items: listOf(ZSaleLogRow) });
export type TSaleLogAnswer = z.infer<typeof ZSaleLogAnswer>;
