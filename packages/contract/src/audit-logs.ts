// The audit log (/app/logs/audit): one row per write through the API and per sign-in event, with who
// acted (and the administrator behind a remote login), from where, the call, its target and the changed
// fields. Superadmins see every row; admins the rows about offices, agents, sites and money.
import { z } from 'zod';
import { listOf, listQuery } from './common';
import { refineDateRange } from './click-logs';
import { ZDateString } from './period';

/** What a row is about; an account's rows name it by its role (agent, office or admin). */
export const AUDIT_TARGET_LABELS = {
  agent: 'Agent',
  office: 'Office',
  site: 'Site',
  'link-type': 'Link type',
  manual: 'Site manual',
  'custom-rate': 'Custom rate',
  sale: 'Sale',
  'pay-period': 'Pay period',
  'chat-log': 'Chat log',
  admin: 'Admin',
  account: 'Account',
  domain: 'Domain',
  'black-list': 'Black list',
  option: 'System option',
  news: 'News',
  alert: 'Login alert',
  file: 'File',
} as const;
export type TAuditTarget = keyof typeof AUDIT_TARGET_LABELS;
export const AUDIT_TARGETS = Object.keys(AUDIT_TARGET_LABELS) as [TAuditTarget, ...TAuditTarget[]];

/** The rows an admin sees: about offices, agents, sites and money (never about admins or the system). */
export const ADMIN_AUDIT_TARGETS: readonly TAuditTarget[] = [
  'agent',
  'office',
  'site',
  'link-type',
  'manual',
  'custom-rate',
  'sale',
  'pay-period',
  'chat-log',
];

/** How a secret column's change is kept: never its value. */
export const AUDIT_SECRET_CHANGED = '(changed)';
export const AUDIT_SECRET_SET = '(set)';

export const AUDIT_LOG_SORT_FIELDS = ['time'] as const;
/** The flat filters of the list, as they travel in the URL and the request. */
export const AUDIT_LOG_FILTERS = ['username', 'action', 'targetType', 'targetId', 'start', 'end'] as const;
export const AUDIT_LOGS_TITLE = 'Audit Log';
export const AUDIT_LOGS_EMPTY = 'No logs for selected period';

/** How long the audit log keeps a row unless the option says otherwise: two years. */
export const AUDIT_LOG_DAYS_DEFAULT = 730;

/** The column headers, on screen and in the CSV export. */
export const AUDIT_LOG_HEADERS = {
  time: 'Time',
  username: 'User',
  role: 'Role',
  impersonator: 'Remote login by',
  ip: 'IP',
  userAgent: 'Browser',
  action: 'Action',
  target: 'Target',
  detail: 'Event',
  changes: 'Changes',
} as const;

const ZFilterText = (max: number) => z.string().trim().max(max).optional();

/** POST audit-logs and audit-logs/export: user and action match a part, the target exactly. */
export const ZAuditLogSearch = listQuery({ sort: AUDIT_LOG_SORT_FIELDS })
  .extend({
    username: ZFilterText(64),
    action: ZFilterText(128),
    targetType: z.enum(AUDIT_TARGETS, 'Unknown target').optional(),
    targetId: z
      .string()
      .trim()
      .max(64)
      .regex(/^[0-9A-Za-z/_-]*$/, 'Enter an id')
      .optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
  })
  .superRefine(refineDateRange);
export type TAuditLogSearch = z.infer<typeof ZAuditLogSearch>;
export type TAuditLogSearchInput = z.input<typeof ZAuditLogSearch>;

/** One changed field: null where the row had no value before (created) or after (deleted). */
export const ZAuditField = z.object({
  name: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type TAuditField = z.infer<typeof ZAuditField>;

export const AUDIT_OPS = ['insert', 'update', 'delete'] as const;
export const ZAuditChange = z.object({
  table: z.string(),
  /** The row's key: its id, or its key columns' values joined by '/'. */
  key: z.string(),
  op: z.enum(AUDIT_OPS),
  fields: z.array(ZAuditField),
});
export type TAuditChange = z.infer<typeof ZAuditChange>;

export const ZAuditLogRow = z.object({
  id: z.number(),
  time: z.string(),
  accountId: z.number().nullable(),
  username: z.string().nullable(),
  role: z.number().nullable(),
  impersonatedBy: z.number().nullable(),
  impersonator: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.string().nullable(),
  /** The first changes of the call (AUDIT_CHANGES_SHOWN at most); changeCount says how many it made. */
  changes: z.array(ZAuditChange),
  changeCount: z.number(),
});
export type TAuditLogRow = z.infer<typeof ZAuditLogRow>;
export const ZAuditLogList = listOf(ZAuditLogRow);

export const AUDIT_CHANGES_SHOWN = 20;

const OP_WORDS: Record<TAuditChange['op'], string> = {
  insert: 'created',
  update: 'changed',
  delete: 'deleted',
};

/** A field's change as one line: `payout: 1.00 → 2.00`; a missing side shows as an empty set sign. */
export const auditFieldText = (f: TAuditField) => `${f.name}: ${f.before ?? '∅'} → ${f.after ?? '∅'}`;

/** A change in words, for the CSV and the screen's title of a change: `office_fees 5/3 changed`. */
export const auditChangeTitle = (c: TAuditChange) => `${c.table} ${c.key} ${OP_WORDS[c.op]}`;

/** The target as shown: `Agent #12`, or the type alone. */
export function auditTargetText(type: string | null, id: string | null): string {
  if (!type) return '';
  const label = (AUDIT_TARGET_LABELS as Record<string, string>)[type] ?? type;
  return id ? `${label} #${id}` : label;
}
