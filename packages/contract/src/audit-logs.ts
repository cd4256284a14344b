// The audit log (/app/logs/audit): one row per write through the API and per sign-in event, with who
// acted (and the administrator behind a remote login), from where, the call, its target and the changed
// fields. Superadmins see every row; admins the rows about offices, agents, sites and money, and those
// about their own API keys.
import { z } from 'zod';
import { listOf, listQuery } from './common';
import { refineDateRange } from './period';
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
  'api-key': 'API key',
  webhook: 'Webhook',
  'payout-batch': 'Payout batch',
  payout: 'Payout line',
  'report-schedule': 'Scheduled report',
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
  'payout-batch',
  'payout',
];

/**
 * The rows an admin sees about its own account only: its API keys (created, revoked, expired) and its
 * webhooks, never another admin's.
 */
export const ADMIN_OWN_AUDIT_TARGETS: readonly TAuditTarget[] = ['api-key', 'webhook'];

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
  description: 'Action',
  changes: 'Changes',
  /** The key a write was made with, by its name and first characters. */
  apiKey: 'API key',
} as const;

/** The CSV's columns for machines, beside the readable ones: the route, the target and the raw values. */
export const AUDIT_LOG_CSV_HEADERS = {
  route: 'Route',
  target: 'Target',
  detail: 'Event',
  rawChanges: 'Raw changes (JSON)',
} as const;

const ZFilterText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST audit-logs and audit-logs/export: user matches a part, the target exactly; the action is an
 * action's name (AUDIT_ACTIONS, the filter's choices) or else a part of its route.
 */
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

/**
 * One changed field: its column and raw values (null where the row had no value before, created, or
 * after, deleted), and its label and values as the screens show them. Only the fields the viewer may
 * see on their own screens are sent (contract audit-fields.ts).
 */
export const ZAuditField = z.object({
  name: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  beforeText: z.string().nullable(),
  afterText: z.string().nullable(),
});
export type TAuditField = z.infer<typeof ZAuditField>;

export const AUDIT_OPS = ['insert', 'update', 'delete'] as const;
export const ZAuditChange = z.object({
  table: z.string(),
  /** The row's key: its id, or its key columns' values joined by '/'. */
  key: z.string(),
  op: z.enum(AUDIT_OPS),
  /** The change in words: `Custom rate Gold Plan 3/5 changed`. */
  title: z.string(),
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
  /** The API key the write was made with, by its name and first characters (`reports (sdk_3f9a…)`). */
  apiKey: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  /** The route (`POST /api/sales/status`), or a sign-in event's. */
  action: z.string(),
  /** What happened, in words: `Approved sale #4182`. */
  description: z.string(),
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

/** A change's title: the row in words and what happened to it (`System option Pay cycle changed`). */
export const auditChangeTitle = (table: string, name: string, op: TAuditChange['op']) =>
  `${table} ${name} ${OP_WORDS[op]}`;

/** A secret field: the log kept only that it was set or changed, never a value before or after. */
export const isAuditSecret = (f: TAuditField) =>
  f.before === null && (f.after === AUDIT_SECRET_CHANGED || f.after === AUDIT_SECRET_SET);

/**
 * A field's change as one line, as shown: `Payout: ₱100 → ₱125.50`; a missing side shows as ∅ (it was
 * really empty); a secret only as `Password: changed`.
 */
export const auditFieldText = (f: TAuditField) =>
  isAuditSecret(f)
    ? `${f.label}: ${f.afterText}`
    : `${f.label}: ${f.beforeText ?? '∅'} → ${f.afterText ?? '∅'}`;

/** The target as shown: `Agent #12`, or the type alone. */
export function auditTargetText(type: string | null, id: string | null): string {
  if (!type) return '';
  const label = (AUDIT_TARGET_LABELS as Record<string, string>)[type] ?? type;
  return id ? `${label} #${id}` : label;
}
