// Login logs (spec 1 /app/logs/login): who logged in from where and when, for offices and above.
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';
import { refineDateRange, ZDateString } from './period';

export const LOGIN_LOG_SORT_FIELDS = ['inTime'] as const;
/** The flat filters of the list, as they travel in the URL and the request. */
export const LOGIN_LOG_FILTERS = ['companyId', 'agentId', 'ipAddress', 'start', 'end'] as const;
export const LOGIN_LOGS_EMPTY = 'No logs for selected period';
export const IP_FILTER_INVALID = 'Enter an IP address or a part of one';
/** The column headers, on screen and in the CSV export. */
export const LOGIN_LOG_HEADERS = {
  username: 'Username',
  ip: 'IP',
  inTime: 'Login',
  outTime: 'Logout',
} as const;

/** Part of an IP address, trimmed. */
export const ZIpFilter = z
  .string()
  .trim()
  .max(64)
  .regex(/^[0-9A-Fa-f.:]*$/, IP_FILTER_INVALID);

/** Start and end are US Eastern days, both included; give both or neither. */
export const ZLoginLogSearch = listQuery({ sort: LOGIN_LOG_SORT_FIELDS })
  .extend({
    ipAddress: ZIpFilter.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
  })
  .superRefine(refineDateRange);
export type TLoginLogSearch = z.infer<typeof ZLoginLogSearch>;
export type TLoginLogSearchInput = z.input<typeof ZLoginLogSearch>;

/** ip is null when the brand does not show IP addresses. */
export const ZLoginLogRow = z.object({
  id: z.number(),
  username: z.string(),
  ip: z.string().nullable(),
  inTime: z.string(),
  outTime: z.string().nullable(),
});
export type TLoginLogRow = z.infer<typeof ZLoginLogRow>;
export const ZLoginLogList = listOf(ZLoginLogRow);
