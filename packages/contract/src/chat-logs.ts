// Chat logs (spec 2 sections 2.9, 3 and 5): conversations agents submit; offices and admins read them.
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';
import { refineDateRange, ZDateString } from './period';

export const CHAT_LOG_SORT_FIELDS = [
  'officeName',
  'agentUsername',
  'sitename',
  'clientUsername',
  'submitTime',
] as const;
export type TChatLogSortField = (typeof CHAT_LOG_SORT_FIELDS)[number];
/** The flat filters of the list, as they travel in the URL and the request. */
export const CHAT_LOG_FILTERS = ['siteId', 'companyId', 'agentId', 'start', 'end'] as const;
export const CHAT_LOGS_EMPTY = 'No logs for selected period';
/** The column headers, on screen and in the CSV export. */
export const CHAT_LOG_HEADERS = {
  officeName: 'Office',
  agentUsername: 'Agent',
  sitename: 'Site',
  clientUsername: 'Client Name',
  conversation: 'Conversation',
  submitTime: 'Submit Time',
} as const;
export const CLIENT_USERNAME_MAX = 128;
export const CONVERSATION_MAX = 20_000;
export const CHAT_LOG_SITE_REQUIRED = 'Site is required';
export const CHAT_LOG_SITE_INVALID = 'Choose one of your sites';

/** Start and end are US Eastern days of the submit time, both included; give both or neither. */
export const ZChatLogSearch = listQuery({ sort: CHAT_LOG_SORT_FIELDS })
  .extend({
    siteId: ZIdNumber.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
  })
  .superRefine(refineDateRange);
export type TChatLogSearch = z.infer<typeof ZChatLogSearch>;
export type TChatLogSearchInput = z.input<typeof ZChatLogSearch>;

export const ZChatLogRow = z.object({
  id: z.number(),
  officeName: z.string(),
  agentUsername: z.string(),
  siteId: z.number(),
  sitename: z.string(),
  clientUsername: z.string(),
  conversation: z.string(),
  submitTime: z.string(),
});
export type TChatLogRow = z.infer<typeof ZChatLogRow>;
export const ZChatLogList = listOf(ZChatLogRow);

/** PUT chat-logs: an agent submits one; it is never updated. The office and agent come from the session. */
export const ZChatLogCreate = z.object({
  clientUsername: z
    .string()
    .trim()
    .min(1, 'Client name is required')
    .max(CLIENT_USERNAME_MAX, `At most ${CLIENT_USERNAME_MAX} characters`),
  // The form starts with no site chosen: null is refused with the form's message.
  siteId: ZIdNumber.nullable().transform((v, ctx) => {
    if (v === null) ctx.addIssue({ code: 'custom', message: CHAT_LOG_SITE_REQUIRED });
    return v ?? z.NEVER;
  }),
  conversation: z
    .string()
    .trim()
    .min(1, 'Conversation is required')
    .max(CONVERSATION_MAX, `At most ${CONVERSATION_MAX} characters`),
});
export type TChatLogCreate = z.input<typeof ZChatLogCreate>;
