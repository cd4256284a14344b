// Every audited action in the business's words, keyed by its route (`POST /api/sales/status`): the name
// the Audit Log's action filter offers, the targets its rows are about, and how one row says what
// happened (`Approved sale #4182`). Declaring a write route means declaring it here: the server refuses
// to start when an audited route has no entry (http/audit.ts), as it refuses a route without access.
import { AUDIT_TABLES, auditFieldLabel, auditTableLabel } from './audit-fields';
import { isAuditSecret, type TAuditChange, type TAuditField, type TAuditTarget } from './audit-logs';
import { PAYOUT_METHOD_LABELS } from './payouts';

/** What a description reads: the row, with only the fields its viewer may see. */
export interface TAuditEntry {
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target's name as the screens show it (`agent05`, `2026-11-01 - 2026-11-15`), when it has one. */
  targetName: string | null;
  detail: string | null;
  changes: TAuditChange[];
}

export interface AuditActionSpec {
  /** What the action filter offers; routes doing the same thing share a name. */
  name: string;
  /** The target types of its rows (an admin is offered the actions about what it may see). */
  about: readonly TAuditTarget[];
  /** The row in words, starting with a verb: `Closed pay period 2026-11-01 - 2026-11-15`. */
  says: (e: TAuditEntry) => string;
}

// Every target type's word (a new type does not compile without one).
const TARGET_WORDS: Record<TAuditTarget, string> = {
  agent: 'agent',
  office: 'office',
  site: 'site',
  'link-type': 'link type',
  manual: 'site manual',
  'custom-rate': 'custom rate',
  sale: 'sale',
  'pay-period': 'pay period',
  'chat-log': 'chat log',
  admin: 'admin',
  account: 'account',
  domain: 'domain',
  'black-list': 'black list entry',
  option: 'system option',
  news: 'news',
  alert: 'login alert',
  file: 'file',
  'api-key': 'API key',
  webhook: 'webhook',
  'payout-batch': 'payout batch',
  payout: 'payout line',
  'report-schedule': 'scheduled report',
};

const EMPTY = '∅';
const SHOWN_FIELDS = 3;

/** One field's change: `Status Activated → Suspended`; a created field `Payout ₱500`. */
export function auditFieldChange(f: TAuditField, op: TAuditChange['op'] = 'update'): string {
  // A secret's value is never kept: only that it changed.
  if (isAuditSecret(f)) return `${f.label} ${f.afterText}`;
  if (op === 'insert') return `${f.label} ${f.afterText ?? EMPTY}`;
  if (op === 'delete') return `${f.label} ${f.beforeText ?? EMPTY}`;
  return `${f.label} ${f.beforeText ?? EMPTY} → ${f.afterText ?? EMPTY}`;
}

/** The name a changed row carries in its own fields (a deleted agent's username), if any. */
function nameInChanges(e: TAuditEntry): string | null {
  for (const c of e.changes) {
    const column = AUDIT_TABLES[c.table]?.nameColumn;
    const name = column ? c.fields.find((f) => f.name === column) : undefined;
    const text = name?.afterText ?? name?.beforeText;
    if (text) return text;
  }
  return null;
}

/** The target in words: `agent agent05`, `sale #4182`, `pay period 2026-11-01 - 2026-11-15`. */
export function auditSubject(e: TAuditEntry): string {
  const word = (TARGET_WORDS as Record<string, string>)[e.targetType ?? ''] ?? 'record';
  const name = e.targetName ?? nameInChanges(e);
  if (name) return `${word} ${name}`;
  return e.targetId ? `${word} #${e.targetId}` : word;
}

// A row's ids say nothing a person reads (`Office id 5`): the subject names the row.
const isId = (name: string) => name === 'id' || name.endsWith('_id');

// What a call did beside its subject (sessions it ended, codes it made) stays in the Changes column.
const BESIDE = ['sessions', 'login_logs', 'remote_login_tokens', 'recovery_codes'];

/** The changed fields of the rows a call updated, each once: `: Status Activated → Suspended`. */
function fieldsSaid(e: TAuditEntry, ops: TAuditChange['op'][] = ['update']): string {
  const lines = [
    ...new Set(
      e.changes
        .filter((c) => ops.includes(c.op) && !BESIDE.includes(c.table))
        .flatMap((c) => c.fields.filter((f) => !isId(f.name)).map((f) => auditFieldChange(f, c.op))),
    ),
  ];
  if (!lines.length) return '';
  const more = lines.length > SHOWN_FIELDS ? ` and ${lines.length - SHOWN_FIELDS} more` : '';
  return `: ${lines.slice(0, SHOWN_FIELDS).join(', ')}${more}`;
}

const ofTable = (e: TAuditEntry, table: string) => e.changes.filter((c) => c.table === table);

/** The verb of what a call did to its first row: created, changed or deleted. */
function verbOf(e: TAuditEntry, table: string): string {
  const op = ofTable(e, table)[0]?.op;
  return op === 'insert' ? 'Created' : op === 'delete' ? 'Deleted' : op === 'update' ? 'Changed' : 'Saved';
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Describers shared by many routes.
const created = (e: TAuditEntry) => `Created ${auditSubject(e)}`;
const changed = (e: TAuditEntry) => `Changed ${auditSubject(e)}${fieldsSaid(e)}`;
const deleted = (e: TAuditEntry) => `Deleted ${auditSubject(e)}`;
const wrote = (table: string) => (e: TAuditEntry) =>
  `${verbOf(e, table)} ${auditSubject(e)}${fieldsSaid(e, ['update', 'insert'])}`;
/** One row or several (`Changed 3 agents: Status Activated → Suspended`). */
const changedMany = (table: string, plural: string) => (e: TAuditEntry) => {
  const n = new Set(ofTable(e, table).map((c) => c.key)).size;
  return n > 1 ? `Changed ${n} ${plural}${fieldsSaid(e)}` : changed(e);
};
/** A sign-in event says what its detail says (`Signed in`, `Sign-in refused: ...`). */
const event = (e: TAuditEntry) => (e.detail ? sentence(e.detail) : 'Signed in');

const fieldText = (
  c: TAuditChange | undefined,
  name: string,
  side: 'afterText' | 'beforeText' = 'afterText',
) => c?.fields.find((f) => f.name === name)?.[side] ?? null;

/** A change of payout details names the method, never the account: `Changed payout details of agent agent05: GCash`. */
const payoutDetails = (e: TAuditEntry) => {
  const row = ofTable(e, 'payout_details')[0];
  const method = fieldText(row, 'method') ?? fieldText(row, 'method', 'beforeText');
  return `Changed payout details of ${auditSubject(e)}${method ? `: ${method}` : ''}`;
};

/** A payout line's outcome: `Marked payout line SD-2026-11-01-agent05 paid`, failed with its reason. */
const payoutLine = (verb: string) => (e: TAuditEntry) => {
  const reason = fieldText(ofTable(e, 'payout_lines')[0], 'fail_reason');
  return `${verb.replace('%', auditSubject(e))}${reason ? `: ${reason}` : ''}`;
};

/** Approved or rejected sales: `Approved sale #4182`, `Rejected 3 sales`. */
const saleStatus = (e: TAuditEntry) => {
  const sales = ofTable(e, 'sales').filter((c) => c.op === 'update');
  const verb = fieldText(sales[0], 'status') ?? 'Changed';
  return sales.length > 1 ? `${verb} ${sales.length} sales` : `${verb} ${auditSubject(e)}`;
};

/** A reversal: `Refunded sale #4182`, `Charged back sale #4182`; a held sale is rejected instead. */
const reversal = (e: TAuditEntry) => {
  const kind = fieldText(
    ofTable(e, 'sales').find((c) => c.op === 'insert'),
    'event_type',
  );
  const verb = kind === 'Refund' ? 'Refunded' : kind === 'Chargeback' ? 'Charged back' : 'Rejected';
  return `${verb} sale #${e.targetId ?? ''}`.trim();
};

const adjustment = (e: TAuditEntry) => {
  const row = ofTable(e, 'sales').find((c) => c.op === 'insert');
  const money = (row?.fields ?? [])
    .filter((f) => ['payout', 'earning'].includes(f.name))
    .map((f) => auditFieldChange(f, 'insert'));
  return `Added adjustment #${e.targetId ?? row?.key ?? ''}${money.length ? `: ${money.join(', ')}` : ''}`;
};

/** How many rows of a table a call created (`Migrated 12 agents`). */
const countOf = (e: TAuditEntry, table: string, op: TAuditChange['op']) =>
  ofTable(e, table).filter((c) => c.op === op).length;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Options change as `Auto block account 0 → 1`, each by its name. */
const options = (e: TAuditEntry) => {
  const lines = ofTable(e, 'options').map((c) => {
    const value = c.fields.find((f) => f.name === 'value');
    const label = auditFieldLabel('', c.key);
    if (!value) return label;
    return c.op === 'insert'
      ? `${label} set to ${value.afterText ?? EMPTY}`
      : auditFieldChange({ ...value, label });
  });
  const more = lines.length > SHOWN_FIELDS ? ` and ${lines.length - SHOWN_FIELDS} more` : '';
  return lines.length
    ? `Changed system options: ${lines.slice(0, SHOWN_FIELDS).join(', ')}${more}`
    : 'Saved system options';
};

/** A stored data center list by its size and date (`Stored the data center list: 9,876 ranges, dated 2026-11-27`). */
const rangeList = (e: TAuditEntry) => {
  const row = ofTable(e, 'ip_range_lists')[0];
  const field = (name: string) => row?.fields.find((f) => f.name === name)?.afterText;
  const entries = field('entries');
  const dated = field('list_date');
  const ranges = entries && `: ${entries} ${entries === '1' ? 'range' : 'ranges'}`;
  return `Stored the data center list${ranges ?? ''}${dated ? `, dated ${dated}` : ''}`;
};

const ACCOUNTS: readonly TAuditTarget[] = ['agent', 'office', 'admin', 'account'];

/** Every audited route: its name in the filter, what it is about, and its description. */
export const AUDIT_ACTIONS: Record<string, AuditActionSpec> = {
  // Sign-ins record their own events; the detail says what happened.
  'POST /api/auth/login': { name: 'Sign-in', about: ACCOUNTS, says: event },
  'POST /api/auth/login-remote': { name: 'Sign-in with a login link', about: ACCOUNTS, says: event },
  'POST /api/auth/second-factor': { name: 'Two-factor code', about: ACCOUNTS, says: event },
  'POST /api/auth/remote-token': {
    name: 'Login link made',
    about: ACCOUNTS,
    says: (e) => `Made a login link for ${auditSubject(e)}`,
  },
  'POST /api/auth/logout': { name: 'Sign-out', about: ACCOUNTS, says: () => 'Signed out' },
  'POST /api/forgot': {
    name: 'Login link by e-mail',
    about: ACCOUNTS,
    says: (e) =>
      e.targetType ? `Sent a login link by e-mail to ${auditSubject(e)}` : 'Asked for a login link by e-mail',
  },
  'POST /api/auth/two-factor/start': {
    name: 'Two-factor set-up',
    about: ACCOUNTS,
    says: () => 'Started setting up two-factor sign-in',
  },
  'POST /api/auth/two-factor/enable': {
    name: 'Two-factor turned on',
    about: ACCOUNTS,
    says: () => 'Turned on two-factor sign-in',
  },
  'POST /api/auth/two-factor/disable': {
    name: 'Two-factor turned off',
    about: ACCOUNTS,
    says: () => 'Turned off two-factor sign-in',
  },
  'POST /api/auth/two-factor/recovery-codes': {
    name: 'New recovery codes',
    about: ACCOUNTS,
    says: () => 'Made new recovery codes for two-factor sign-in',
  },
  'POST /api/auth/sessions/end': { name: 'Session ended', about: ACCOUNTS, says: () => 'Ended a session' },
  'POST /api/auth/sessions/end-others': {
    name: 'Other sessions ended',
    about: ACCOUNTS,
    says: () => 'Ended the other sessions',
  },
  'POST /api/auth/end-sessions': {
    name: 'Sessions ended for an account',
    about: ACCOUNTS,
    says: (e) => `Ended the sessions of ${auditSubject(e)}`,
  },
  'POST /api/auth/reset-two-factor': {
    name: 'Two-factor reset',
    about: ACCOUNTS,
    says: (e) => `Reset two-factor sign-in of ${auditSubject(e)}`,
  },
  'POST /api/offices/status': {
    name: 'Office status',
    about: ['office'],
    says: changedMany('offices', 'offices'),
  },
  'PUT /api/offices': { name: 'Office created', about: ['office'], says: created },
  'POST /api/offices/:id': { name: 'Office changed', about: ['office'], says: changed },
  'POST /api/agents/status': {
    name: 'Agent status',
    about: ['agent'],
    says: changedMany('agents', 'agents'),
  },
  'PUT /api/agents': { name: 'Agent created', about: ['agent'], says: created },
  'POST /api/agents/:id': { name: 'Agent changed', about: ['agent'], says: changed },
  'DELETE /api/agents/:id': { name: 'Agent deleted', about: ['agent'], says: deleted },
  'PUT /api/accounts/approve': {
    name: 'Agent approved',
    about: ['agent'],
    says: (e) => {
      const n = countOf(e, 'accounts', 'update');
      return n > 1 ? `Approved ${n} agents` : `Approved ${auditSubject(e)}`;
    },
  },
  'GET /api/accounts/migrate': {
    name: 'Agents migrated',
    about: ['agent'],
    says: (e) => `Migrated ${plural(countOf(e, 'agents', 'insert'), 'agent', 'agents')}`,
  },
  'POST /api/files/image': {
    name: 'Image uploaded',
    about: ['file'],
    says: (e) => `Uploaded image ${e.targetName ?? nameInChanges(e) ?? `#${e.targetId ?? ''}`}`,
  },
  'POST /api/sites/status': { name: 'Site status', about: ['site'], says: changedMany('sites', 'sites') },
  'PUT /api/sites': { name: 'Site created', about: ['site'], says: created },
  'POST /api/sites/:id': { name: 'Site changed', about: ['site'], says: changed },
  'DELETE /api/sites/:id': { name: 'Site deleted', about: ['site'], says: deleted },
  'POST /api/sites/:id/enableForAllOffices': {
    name: 'Site enabled for all offices',
    about: ['site'],
    says: (e) => `Enabled ${auditSubject(e)} for all offices`,
  },
  'POST /api/sites/:id/postbackToken': {
    name: 'Postback token renewed',
    about: ['site'],
    says: (e) => `Renewed the postback token of ${auditSubject(e)}`,
  },
  'POST /api/preferredDomains/hidden': {
    name: 'Domain status',
    about: ['domain'],
    says: changedMany('preferred_domains', 'domains'),
  },
  'PUT /api/preferredDomains': {
    name: 'Domain added',
    about: ['domain'],
    says: (e) => `Added ${auditSubject(e)}`,
  },
  'POST /api/preferredDomains/:id': { name: 'Domain changed', about: ['domain'], says: changed },
  'POST /api/profile/admin': { name: 'Profile changed', about: ACCOUNTS, says: profile },
  'POST /api/profile/company': { name: 'Profile changed', about: ACCOUNTS, says: profile },
  'POST /api/profile/agent': { name: 'Profile changed', about: ACCOUNTS, says: profile },
  'POST /api/news': { name: 'News changed', about: ['news'], says: (e) => `${verbOf(e, 'news')} the news` },
  'POST /api/alerts': {
    name: 'Login alert changed',
    about: ['alert'],
    says: (e) => `${verbOf(e, 'alerts')} the login alert${fieldsSaid(e)}`,
  },
  'PUT /api/admins': { name: 'Admin created', about: ['admin'], says: created },
  'POST /api/admins/:id': { name: 'Admin changed', about: ['admin'], says: changed },
  'POST /api/companies/fees': {
    name: 'Custom rate saved',
    about: ['custom-rate'],
    says: wrote('office_fees'),
  },
  'PUT /api/site-manuals': { name: 'Site manual added', about: ['manual'], says: created },
  'POST /api/site-manuals/:id': { name: 'Site manual changed', about: ['manual'], says: changed },
  'DELETE /api/site-manuals/:id': { name: 'Site manual deleted', about: ['manual'], says: deleted },
  'PUT /api/black-list-ip': {
    name: 'IP black-listed',
    about: ['black-list'],
    says: (e) => `Added ${e.targetName ?? nameInChanges(e) ?? 'an IP'} to the IP black list`,
  },
  'POST /api/black-list-ip/delete-by-value': {
    name: 'IP let through',
    about: ['black-list'],
    says: unlisted,
  },
  'DELETE /api/black-list-ip/:id': { name: 'IP let through', about: ['black-list'], says: unlisted },
  'POST /api/options': { name: 'System options changed', about: ['option'], says: options },
  'POST /api/options/datacenter-list': {
    name: 'Data center list stored',
    about: ['option'],
    says: rangeList,
  },
  'PUT /api/types': { name: 'Link type created', about: ['link-type'], says: created },
  'POST /api/types/:id': { name: 'Link type changed', about: ['link-type'], says: changed },
  'DELETE /api/types/:id': { name: 'Link type deleted', about: ['link-type'], says: deleted },
  'PUT /api/chat-logs': {
    name: 'Chat log sent',
    about: ['chat-log'],
    says: (e) => `Sent chat log #${e.targetId ?? ''}`.trim(),
  },
  'POST /api/sales/:id/reverse': { name: 'Sale reversed', about: ['sale'], says: reversal },
  'POST /api/sales/status': { name: 'Sale approved or rejected', about: ['sale'], says: saleStatus },
  'POST /api/review/status': { name: 'Sale approved or rejected', about: ['sale'], says: saleStatus },
  'PUT /api/adjustments': { name: 'Adjustment added', about: ['sale'], says: adjustment },
  'POST /api/pay-periods/:start/close': {
    name: 'Pay period closed',
    about: ['pay-period'],
    says: (e) => `Closed ${auditSubject(e)}`,
  },
  'POST /api/pay-periods/:start/paid': {
    name: 'Pay period paid',
    about: ['pay-period'],
    says: (e) => `Marked ${auditSubject(e)} paid`,
  },
  'POST /api/pay-periods/:start/reopen': {
    name: 'Pay period reopened',
    about: ['pay-period'],
    says: (e) => `Reopened ${auditSubject(e)}`,
  },
  'PUT /api/profile/payout': { name: 'Payout details changed', about: ['agent'], says: payoutDetails },
  'PUT /api/agents/:id/payout': { name: 'Payout details changed', about: ['agent'], says: payoutDetails },
  'POST /api/payouts/batches': {
    name: 'Payout batch made',
    about: ['payout-batch'],
    says: (e) => `Made ${auditSubject(e)}: ${plural(countOf(e, 'payout_lines', 'insert'), 'line', 'lines')}`,
  },
  'GET /api/payouts/batches/:id/file/:method': {
    name: 'Payout file downloaded',
    about: ['payout-batch'],
    says: (e) => {
      const method = (PAYOUT_METHOD_LABELS as Record<string, string>)[e.detail ?? ''];
      return `Downloaded the ${method ?? 'payment'} file of ${auditSubject(e)}`;
    },
  },
  'POST /api/payouts/batches/:id/results': {
    name: 'Payout results recorded',
    about: ['payout-batch'],
    says: (e) => {
      const outcomes = ofTable(e, 'payout_lines').map((c) => fieldText(c, 'status'));
      const n = (status: string) => outcomes.filter((o) => o === status).length;
      return `Recorded the bank's results for ${auditSubject(e)}: ${n('Paid')} paid, ${n('Failed')} failed`;
    },
  },
  'POST /api/payouts/lines/:id/paid': {
    name: 'Payout line paid or failed',
    about: ['payout'],
    says: payoutLine('Marked % paid'),
  },
  'POST /api/payouts/lines/:id/failed': {
    name: 'Payout line paid or failed',
    about: ['payout'],
    says: payoutLine('Marked % failed'),
  },
  'POST /api/payouts/lines/:id/retry': {
    name: 'Payout line retried',
    about: ['payout'],
    says: payoutLine('Put % back in its batch'),
  },
  'POST /api/payouts/lines/:id/confirm': {
    name: 'Payout line confirmed',
    about: ['payout'],
    says: payoutLine('Let % into its batch although its details changed recently'),
  },
  'PUT /api/report-schedules': { name: 'Scheduled report', about: ['report-schedule'], says: created },
  'POST /api/report-schedules/:id/pause': {
    name: 'Scheduled report',
    about: ['report-schedule'],
    says: (e) => {
      const paused = fieldText(ofTable(e, 'report_schedules')[0], 'paused');
      return `${paused === 'Yes' ? 'Paused' : 'Resumed'} ${auditSubject(e)}`;
    },
  },
  'DELETE /api/report-schedules/:id': { name: 'Scheduled report', about: ['report-schedule'], says: deleted },
  // The key itself is never in a row: its name and first characters name it (`reports (sdk_3f9a…)`).
  'PUT /api/api-keys': { name: 'API key created', about: ['api-key'], says: created },
  'DELETE /api/api-keys/:id': {
    name: 'API key revoked',
    about: ['api-key'],
    says: (e) => `Revoked ${auditSubject(e)}`,
  },
  'PUT /api/webhooks': { name: 'Webhook created', about: ['webhook'], says: created },
  'POST /api/webhooks/:id': { name: 'Webhook changed', about: ['webhook'], says: changed },
  'DELETE /api/webhooks/:id': { name: 'Webhook deleted', about: ['webhook'], says: deleted },
  'POST /api/webhooks/:id/disable': {
    name: 'Webhook disabled or enabled',
    about: ['webhook'],
    says: (e) => `Disabled ${auditSubject(e)}`,
  },
  'POST /api/webhooks/:id/enable': {
    name: 'Webhook disabled or enabled',
    about: ['webhook'],
    says: (e) => `Enabled ${auditSubject(e)}`,
  },
  // The secret itself is never in a row: only that it changed.
  'POST /api/webhooks/:id/rotate-secret': {
    name: 'Webhook secret rotated',
    about: ['webhook'],
    says: (e) => `Made a new signing secret for ${auditSubject(e)}`,
  },
  'POST /api/webhooks/:id/test': {
    name: 'Webhook test event sent',
    about: ['webhook'],
    says: (e) => `Sent a test event to ${auditSubject(e)}`,
  },
  'POST /api/webhooks/:id/resend': {
    name: 'Webhook delivery resent',
    about: ['webhook'],
    says: (e) => `Resent a delivery to ${auditSubject(e)}`,
  },
  'POST /api/review/agents/:id/suspend': {
    name: 'Agent suspended for fraud',
    about: ['agent'],
    says: (e) => {
      const rejected = ofTable(e, 'sales').filter((c) => c.op === 'update').length;
      const reversed = countOf(e, 'sales', 'insert');
      const sales = [
        rejected ? `rejected ${plural(rejected, 'held sale', 'held sales')}` : '',
        reversed ? `charged back ${plural(reversed, 'sale', 'sales')}` : '',
      ].filter(Boolean);
      return `Suspended ${auditSubject(e)} for fraud${sales.length ? ` and ${sales.join(' and ')}` : ''}`;
    },
  },
};

function profile(e: TAuditEntry) {
  return `Changed the profile of ${auditSubject(e)}${fieldsSaid(e)}`;
}

function unlisted(e: TAuditEntry) {
  return `Removed ${e.targetName ?? nameInChanges(e) ?? 'an IP'} from the IP black list`;
}

/** The action of the row written when the delivery loop disables a failing webhook (no route makes it). */
export const WEBHOOK_DISABLED_ACTION = 'Webhook disabled after failures';

/** The action of the row written when a key is found past its expiry, once per key (no route makes it). */
export const API_KEY_EXPIRED_ACTION = 'API key expired';

/**
 * Audited events no route makes, keyed by the action their rows keep: described as AUDIT_ACTIONS are, and
 * offered by the action filter beside them.
 */
export const AUDIT_EVENTS: Record<string, AuditActionSpec> = {
  // Written by the delivery loop (webhooks/attempts.ts): the detail counts the failures, the target
  // names the webhook (its row stays: endpoints are only soft-deleted).
  [WEBHOOK_DISABLED_ACTION]: {
    name: 'Webhook disabled after failures',
    about: ['webhook'],
    says: (e) => `Disabled ${auditSubject(e)} after ${e.detail ?? 'failed deliveries'}`,
  },
  // The row's detail keeps the key's name and first characters, should the key itself be gone.
  [API_KEY_EXPIRED_ACTION]: {
    name: 'API key expired',
    about: ['api-key'],
    says: (e) => `API key ${e.targetName ?? e.detail ?? `#${e.targetId ?? ''}`} expired`,
  },
};

const specOf = (action: string): AuditActionSpec | undefined =>
  Object.hasOwn(AUDIT_ACTIONS, action)
    ? AUDIT_ACTIONS[action]
    : Object.hasOwn(AUDIT_EVENTS, action)
      ? AUDIT_EVENTS[action]
      : undefined;

/** A row in words; a route no longer declared (an old row) by its table's words, else its route. */
export function describeAuditEntry(e: TAuditEntry): string {
  const spec = specOf(e.action);
  // A call that changed nothing has no target: its action's own kind names it (`Changed agent`).
  if (spec)
    return spec.says(e.targetType || spec.about.length !== 1 ? e : { ...e, targetType: spec.about[0] });
  if (e.detail) return sentence(e.detail);
  const first = e.changes[0];
  return first ? `${verbOf(e, first.table)} ${auditTableLabel(first.table).toLowerCase()}` : e.action;
}

/** The action filter's choices (each name once, in declaration order), for a viewer seeing `targets`. */
export function auditActionNames(targets: readonly string[]): string[] {
  const names = [...Object.values(AUDIT_ACTIONS), ...Object.values(AUDIT_EVENTS)]
    .filter((a) => a.about.some((t) => targets.includes(t)))
    .map((a) => a.name);
  return [...new Set(names)];
}

/** The routes (and events) an action's name stands for (several routes may share one). */
export const auditRoutesNamed = (name: string): string[] =>
  [...Object.entries(AUDIT_ACTIONS), ...Object.entries(AUDIT_EVENTS)]
    .filter(([, a]) => a.name === name)
    .map(([route]) => route);
