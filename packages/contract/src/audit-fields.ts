// How the audit log shows each column of each audited table: its label, how its value reads (as the
// screens show it) and who may see it. Every column of every table with an audit trigger is declared
// here (server audit-logs/audit-fields.test.ts checks the catalog), so a new column is labelled and
// given its audience when it is added. A field is shown only to those who see it on its own screen.
import { Permission, Role } from './common';
import {
  formatAccountStatus,
  formatCount,
  formatDate,
  formatDateTime,
  formatPeso,
  formatPrice,
  formatRole,
} from './format';
import { FRAUD_MODE_LABELS, FRAUD_OPTION_NAMES, fraudRulesOf, FRAUD_RULE_LABELS } from './fraud';
import {
  PAYOUT_LINE_STATUS_LABELS,
  PAYOUT_METHOD_LABELS,
  payoutLineStatusName,
  type TPayoutMethod,
} from './payouts';
import { PAY_CYCLE_LABELS, PAY_PERIOD_STATUSES } from './pay-periods';
import { RECORD_TYPE_LABELS } from './sale-logs';
import { OPTION_NAMES } from './settings';
import { INVALID_MODE_FIELDS, INVALID_MODE_LABELS, INVALID_OPTION_NAMES } from './invalid-traffic';

/** How a stored value reads. `secret`: the trigger kept only `(changed)` or `(set)`, never the value. */
export type AuditFormat =
  | 'text'
  | 'html'
  | 'peso'
  | 'dollar'
  | 'count'
  | 'yesNo'
  | 'status'
  | 'hidden'
  | 'role'
  | 'date'
  | 'time'
  | 'saleStatus'
  | 'recordType'
  | 'reversalKind'
  | 'payPeriodStatus'
  | 'fraudFlags'
  | 'webhookKind'
  | 'payoutMethod'
  | 'payoutLineStatus'
  | 'list'
  | 'secret';

/**
 * Who may see a field: everyone who sees the row (`all`), those allowed to see earnings (`earnings`,
 * as every money screen hides them), superadmins only, or nobody (bookkeeping such as a session version).
 */
export type AuditAudience = 'all' | 'earnings' | 'superadmin' | 'never';

export interface AuditFieldSpec {
  label: string;
  format?: AuditFormat;
  see?: AuditAudience;
}

export interface AuditTableSpec {
  /** A row of the table in words: `Custom rate`. */
  label: string;
  /** The column naming a row (`username`), used when the row is gone or was just made. */
  nameColumn?: string;
  fields: Record<string, AuditFieldSpec>;
}

const f = (label: string, format: AuditFormat = 'text', see: AuditAudience = 'all'): AuditFieldSpec => ({
  label,
  format,
  see,
});
const secret = (label: string) => f(label, 'secret');
const internal = (label: string) => f(label, 'text', 'never');

/** Every audited table by its name, each column by its name. */
export const AUDIT_TABLES: Record<string, AuditTableSpec> = {
  accounts: {
    label: 'Account',
    nameColumn: 'username',
    fields: {
      id: f('Account id'),
      role: f('Role', 'role'),
      username: f('Username'),
      password_hash: secret('Password'),
      // The viewable copy changes with the password: one line says it.
      password_secret: f('Password copy', 'secret', 'never'),
      email: f('Email'),
      active: f('Status', 'status'),
      login_blocked: f('Login blocked', 'yesNo'),
      approved: f('Approved', 'yesNo'),
      reg_time: f('Registered', 'time'),
      last_login_time: f('Last login', 'time'),
      login_count: f('Logins', 'count'),
      alert_html: f('Account alert', 'html'),
      earning_visible: f('Earning visible', 'yesNo'),
      approve_agents: f('Approve agents', 'yesNo'),
      show_suspend: f('Show suspended', 'yesNo'),
      can_delete: f('Special flag', 'yesNo'),
      session_version: internal('Session version'),
    },
  },
  agents: {
    label: 'Agent',
    fields: {
      id: f('Agent id'),
      account_id: f('Account id'),
      office_id: f('Office id'),
      first_name: f('First Name'),
      last_name: f('Last Name'),
      email: f('Email'),
      must_read: f('Must read', 'html'),
      active: f('Status', 'status'),
      hidden: f('Hidden', 'yesNo'),
      show_fraud_notes: f('Show fraud notes', 'yesNo'),
      reg_time: f('Registered', 'time'),
    },
  },
  agent_sites: {
    label: 'Agent site',
    fields: { agent_id: f('Agent id'), site_id: f('Site id'), enable: f('Enabled', 'yesNo') },
  },
  offices: {
    label: 'Office',
    nameColumn: 'office_name',
    fields: {
      id: f('Office id'),
      account_id: f('Account id'),
      office_name: f('Office Name'),
      man_first_name: f('Manager First Name'),
      man_last_name: f('Manager Last Name'),
      man_email: f('Manager Email'),
      agent_notes: f('Agent notes', 'html'),
      preferred_domain_id: f('Preferred domain id'),
      active: f('Status', 'status'),
      hidden: f('Hidden', 'yesNo'),
      reg_time: f('Registered', 'time'),
    },
  },
  office_sites: {
    label: 'Office site',
    fields: { office_id: f('Office id'), site_id: f('Site id') },
  },
  sites: {
    label: 'Site',
    nameColumn: 'sitename',
    fields: {
      id: f('Site id'),
      sitename: f('Site Name'),
      shortname: f('Short Name'),
      abbr: f('Abbreviation'),
      url: f('URL'),
      click_param: f('Click parameter'),
      contact_name: f('Contact Name'),
      email: f('Email'),
      phone_num: f('Phone'),
      type: f('Type'),
      note: f('Note'),
      status: f('Status', 'status'),
      hidden: f('Hidden', 'yesNo'),
      special_report: f('Special report', 'yesNo'),
      use_approve_sale: f('Approve sales', 'yesNo'),
      avp: f('AVP', 'yesNo'),
      postback_token: secret('Postback token'),
      deleted_at: f('Deleted', 'time'),
      hold_days: f('Hold days', 'count'),
    },
  },
  link_types: {
    label: 'Link type',
    nameColumn: 'typename',
    fields: {
      id: f('Link type id'),
      site_id: f('Site id'),
      typename: f('Type Name'),
      typealias: f('Type Alias'),
      bbr_ch: f('BBR channel'),
      username: f('Username'),
      url: f('URL'),
      payout: f('Payout', 'peso'),
      earning: f('Earning', 'dollar', 'earnings'),
      lpp: f('LPP', 'count'),
      bonus: f('Bonus', 'yesNo'),
      bonus_payout: f('Bonus Payout', 'peso'),
      bonus_earning: f('Bonus Earning', 'dollar', 'earnings'),
      bonus_lpp: f('Bonus LPP', 'count'),
      status: f('Status', 'status'),
      deleted_at: f('Deleted', 'time'),
    },
  },
  office_fees: {
    label: 'Custom rate',
    fields: {
      type_id: f('Link type id'),
      office_id: f('Office id'),
      enable: f('Enabled', 'yesNo'),
      payout: f('Payout', 'peso'),
      earning: f('Earning', 'dollar', 'earnings'),
      lpp: f('LPP', 'count'),
      bonus_payout: f('Bonus Payout', 'peso'),
      bonus_earning: f('Bonus Earning', 'dollar', 'earnings'),
      bonus_lpp: f('Bonus LPP', 'count'),
    },
  },
  site_manuals: {
    label: 'Site manual',
    nameColumn: 'title',
    fields: {
      id: f('Manual id'),
      site_id: f('Site id'),
      title: f('Title'),
      html: f('Text', 'html'),
    },
  },
  preferred_domains: {
    label: 'Domain',
    nameColumn: 'domain',
    fields: {
      id: f('Domain id'),
      domain: f('Domain'),
      description: f('Description'),
      hidden: f('Hidden', 'yesNo'),
    },
  },
  news: {
    label: 'News',
    fields: {
      id: f('News id'),
      html: f('Text', 'html'),
      created_at: f('Created', 'time'),
      created_by: f('Created by (account id)'),
    },
  },
  alerts: {
    label: 'Login alert',
    fields: {
      id: f('Alert id'),
      enable: f('Enabled', 'yesNo'),
      html: f('Text', 'html'),
      created_at: f('Created', 'time'),
    },
  },
  black_list_ips: {
    label: 'Black list entry',
    nameColumn: 'ip',
    fields: { id: f('Entry id'), ip: f('IP') },
  },
  options: {
    label: 'System option',
    nameColumn: 'name',
    fields: { name: f('Option'), value: f('Value') },
  },
  ip_range_lists: {
    label: 'Address range list',
    nameColumn: 'name',
    fields: {
      name: f('List'),
      list_date: f('Dated', 'date'),
      entries: f('Ranges', 'count'),
      updated_at: f('Stored', 'time'),
      updated_by: f('Stored by (account id)'),
    },
  },
  files: {
    label: 'File',
    nameColumn: 'name',
    fields: {
      id: f('File id'),
      name: f('Name'),
      mime: f('Type'),
      size: f('Size (bytes)', 'count'),
      account_id: f('Uploaded by (account id)'),
      created_at: f('Uploaded', 'time'),
    },
  },
  chat_logs: {
    label: 'Chat log',
    fields: {
      id: f('Chat log id'),
      agent_id: f('Agent id'),
      office_id: f('Office id'),
      site_id: f('Site id'),
      client_username: f('Client Username'),
      conversation: f('Conversation'),
      submit_time: f('Submitted', 'time'),
    },
  },
  login_logs: {
    label: 'Login',
    fields: {
      id: f('Login id'),
      account_id: f('Account id'),
      ip: f('IP'),
      in_time: f('Signed in', 'time'),
      out_time: f('Signed out', 'time'),
    },
  },
  remote_login_tokens: {
    label: 'Login link',
    fields: {
      token_hash: secret('Link'),
      account_id: f('Account id'),
      created_by: f('Made by (account id)'),
      expires_at: f('Expires', 'time'),
      used_at: f('Used', 'time'),
    },
  },
  sales: {
    label: 'Sale',
    fields: {
      id: f('Sale id'),
      date: f('Date', 'time'),
      event_type: f('Record type', 'recordType'),
      site_id: f('Site id'),
      type_id: f('Link type id'),
      agent_id: f('Agent id'),
      office_id: f('Office id'),
      click_id: f('Click id'),
      customer_email: f('Email'),
      payout: f('Payout', 'peso'),
      earning: f('Earning', 'dollar', 'earnings'),
      lpp: f('LPP', 'count'),
      tx_id: f('Transaction id'),
      referer: f('Referrer', 'text', 'superadmin'),
      status: f('Status', 'saleStatus'),
      hold_until: f('Held until', 'time'),
      reversal_kind: f('Reversed by', 'reversalKind'),
      reverses_id: f('Reverses sale id'),
      note: f('Note'),
      agent_note: f('Note to agent'),
      changed_by: f('Changed by (account id)'),
      changed_at: f('Changed', 'time'),
      pay_period: f('Pay period', 'date'),
      fraud_flags: f('Fraud rules', 'fraudFlags'),
      postback_ip: f('Postback IP', 'text', 'superadmin'),
    },
  },
  // The pay periods screen is for those who see earnings: so are its figures here.
  pay_periods: {
    label: 'Pay period',
    fields: {
      start: f('Start', 'date'),
      end: f('End', 'date'),
      status: f('Status', 'payPeriodStatus'),
      closed_by: f('Closed by (account id)'),
      closed_at: f('Closed', 'time'),
      paid_by: f('Paid by (account id)'),
      paid_at: f('Paid', 'time'),
      reopened_by: f('Reopened by (account id)'),
      reopened_at: f('Reopened', 'time'),
      reopen_reason: f('Reason to reopen'),
      agents_paid: f('Agents Paid', 'count', 'earnings'),
      payout: f('Payout', 'peso', 'earnings'),
      avp_payout: f('AVP Payout', 'peso', 'earnings'),
      avp_payout_dollars: f('AVP Payout ($)', 'dollar', 'earnings'),
      minimum_payout: f('Minimum payout', 'peso', 'earnings'),
    },
  },
  // Payouts (issue 36): the account itself is never kept (account_secret), nor its last 4 in the log.
  payout_details: {
    label: 'Payout details',
    fields: {
      agent_id: f('Agent id'),
      method: f('Payout method', 'payoutMethod'),
      bank: f('Bank', 'text', 'earnings'),
      account_name: f('Account name', 'text', 'earnings'),
      account_secret: secret('Account'),
      account_last4: internal('Account ends'),
      changed_at: f('Changed', 'time'),
      changed_by: f('Changed by (account id)'),
    },
  },
  report_schedules: {
    label: 'Scheduled report',
    nameColumn: 'kind',
    fields: {
      id: f('Schedule id'),
      account_id: f('Account id'),
      kind: f('Report'),
      criteria: f('Filters'),
      frequency: f('Sent'),
      paused: f('Paused', 'yesNo'),
      created_at: f('Created', 'time'),
      last_sent_at: internal('Last sent'),
      last_due_at: internal('Last due'),
    },
  },
  payout_batches: {
    label: 'Payout batch',
    fields: {
      id: f('Batch id'),
      period_start: f('Period start', 'date'),
      created_at: f('Made', 'time'),
      created_by: f('Made by (account id)'),
    },
  },
  payout_lines: {
    label: 'Payout line',
    nameColumn: 'reference',
    fields: {
      id: f('Line id'),
      batch_id: f('Batch id'),
      period_start: f('Period start', 'date'),
      agent_id: f('Agent id'),
      office_id: f('Office id'),
      amount: f('Amount', 'peso'),
      carried_in: f('Carried in', 'peso'),
      method: f('Payout method', 'payoutMethod'),
      last4: internal('Account ends'),
      reference: f('Reference'),
      status: f('Status', 'payoutLineStatus'),
      paid_on: f('Paid on', 'date'),
      bank_reference: f('Bank reference'),
      fail_reason: f('Why it failed'),
      confirmed_by: f('Confirmed by (account id)'),
      carried_to: f('Carried to line'),
      changed_at: internal('Changed'),
      changed_by: internal('Changed by'),
    },
  },
  sessions: {
    label: 'Session',
    fields: {
      id: f('Session id'),
      account_id: f('Account id'),
      login_log_id: f('Login id'),
      created_at: f('Started', 'time'),
      last_seen_at: f('Last seen', 'time'),
      expires_at: f('Expires', 'time'),
      ip: f('IP'),
      user_agent: f('Browser'),
      impersonated_by: f('Remote login by (account id)'),
      second_factor: f('Second step'),
      session_version: internal('Session version'),
      ended_at: f('Ended', 'time'),
    },
  },
  two_factor: {
    label: 'Two-factor sign-in',
    fields: {
      account_id: f('Account id'),
      secret: secret('Authenticator key'),
      pending_secret: secret('New authenticator key'),
      enabled_at: f('Turned on', 'time'),
      last_step: internal('Last code step'),
    },
  },
  api_keys: {
    label: 'API key',
    nameColumn: 'name',
    fields: {
      id: f('Key id'),
      account_id: f('Account id'),
      name: f('Name'),
      key_hash: f('Key', 'secret', 'never'),
      prefix: f('Key starts'),
      scopes: f('Scopes', 'list'),
      allowed_ips: f('Allowed addresses', 'list'),
      rate_limit: f('Requests a minute', 'count'),
      expires_at: f('Expires', 'time'),
      created_by: f('Created by (account id)'),
      created_at: f('Created', 'time'),
      last_used_at: f('Last used', 'time'),
      last_used_ip: f('Last used from'),
      revoked_at: f('Revoked', 'time'),
      expiry_logged_at: f('Expiry logged', 'time'),
    },
  },
  webhook_endpoints: {
    label: 'Webhook',
    nameColumn: 'name',
    fields: {
      id: f('Webhook id'),
      owner_id: f('Owner (account id)'),
      office_id: f('Office id'),
      kind: f('Kind', 'webhookKind'),
      name: f('Name'),
      url: f('URL'),
      event_types: f('Events', 'list'),
      site_ids: f('Sites', 'list'),
      secret: secret('Signing secret'),
      previous_secret: secret('Previous signing secret'),
      previous_secret_until: f('Previous secret signs until', 'time'),
      enabled: f('Enabled', 'yesNo'),
      disabled_at: f('Disabled', 'time'),
      failures: internal('Failures in a row'),
      failing_since: internal('Failing since'),
      created_by: f('Created by (account id)'),
      created_at: f('Created', 'time'),
      deleted_at: f('Deleted', 'time'),
    },
  },
  recovery_codes: {
    label: 'Recovery code',
    fields: {
      id: f('Code id'),
      account_id: f('Account id'),
      code_hash: secret('Code'),
      used_at: f('Used', 'time'),
    },
  },
};

/** Who reads the log: a role and its permissions. */
export interface AuditViewer {
  role: number;
  permissions: readonly string[];
}

const fieldSpec = (table: string, name: string): AuditFieldSpec | undefined =>
  AUDIT_TABLES[table]?.fields[name];

/** Whether the viewer may see this field. A column nobody declared is for superadmins only. */
export function auditFieldVisible(table: string, name: string, v: AuditViewer): boolean {
  const see = fieldSpec(table, name)?.see ?? 'superadmin';
  if (see === 'never') return false;
  if (see === 'all') return true;
  if (see === 'earnings')
    return v.role === Role.Superadmin || v.permissions.includes(Permission.EarningVisible);
  return v.role === Role.Superadmin;
}

/** A column's label: declared, else its words (`hold_days` -> `Hold days`). */
export function auditFieldLabel(table: string, name: string): string {
  const declared = fieldSpec(table, name)?.label;
  if (declared) return declared;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A table's row in words (`Custom rate`); an unknown table by its words. */
export const auditTableLabel = (table: string) => AUDIT_TABLES[table]?.label ?? auditFieldLabel('', table);

const YES_NO = (v: string) => (v === 'true' ? 'Yes' : v === 'false' ? 'No' : v);
const HTML_MAX = 80;
const plainText = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > HTML_MAX ? `${text.slice(0, HTML_MAX - 1)}…` : text;
};
const SALE_STATUS_WORDS = ['Approved', 'Held', 'Rejected'];
const REVERSAL_WORDS: Record<string, string> = { '3': 'Refund', '4': 'Chargeback' };
/** An array column as the trigger keeps it (JSON): its items, comma-separated; none reads `None`. */
function listText(v: string): string {
  try {
    const items: unknown = JSON.parse(v);
    if (Array.isArray(items)) return items.length ? items.join(', ') : 'None';
  } catch {
    /* not an array: as it is */
  }
  return v;
}
const WEBHOOK_KIND_WORDS: Record<string, string> = { '1': 'Webhook', '2': 'Postback URL' };

const FORMATS: Record<AuditFormat, (v: string) => string> = {
  text: (v) => v,
  html: plainText,
  peso: formatPeso,
  dollar: formatPrice,
  count: formatCount,
  yesNo: YES_NO,
  status: (v) => (v === 'true' || v === 'false' ? formatAccountStatus(v === 'true') : v),
  hidden: YES_NO,
  role: (v) => (/^\d+$/.test(v) ? formatRole(Number(v)) : v),
  date: formatDate,
  time: (v) => formatDateTime(v) || v,
  saleStatus: (v) => SALE_STATUS_WORDS[Number(v)] ?? v,
  recordType: (v) => RECORD_TYPE_LABELS[Number(v)] ?? v,
  reversalKind: (v) => REVERSAL_WORDS[v] ?? v,
  payPeriodStatus: (v) => {
    const name = PAY_PERIOD_STATUSES[Number(v)];
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : v;
  },
  fraudFlags: (v) =>
    /^\d+$/.test(v)
      ? fraudRulesOf(Number(v))
          .map((k) => FRAUD_RULE_LABELS[k])
          .join(', ') || 'None'
      : v,
  webhookKind: (v) => WEBHOOK_KIND_WORDS[v] ?? v,
  payoutMethod: (v) => PAYOUT_METHOD_LABELS[v as TPayoutMethod] ?? v,
  payoutLineStatus: (v) => (/^\d$/.test(v) ? PAYOUT_LINE_STATUS_LABELS[payoutLineStatusName(Number(v))] : v),
  list: listText,
  secret: (v) => (v === '(set)' ? 'set' : v === '(changed)' ? 'changed' : 'changed'),
};

const FRAUD_MODE_OPTIONS: readonly string[] = [
  FRAUD_OPTION_NAMES.fastSaleMode,
  FRAUD_OPTION_NAMES.repeatEmailMode,
  FRAUD_OPTION_NAMES.selfReferralMode,
  FRAUD_OPTION_NAMES.refundRateMode,
  FRAUD_OPTION_NAMES.invalidClickMode,
];
const ROLE_NAMES = (v: string) =>
  v
    .split(',')
    .filter(Boolean)
    .map((r) => formatRole(Number(r)))
    .join(', ') || 'None';

/** The options System Options shows as a checkbox, stored '0'/'1'. */
const SWITCH_OPTIONS: readonly string[] = [
  OPTION_NAMES.autoBlockAccount,
  OPTION_NAMES.webhooksPrivateAddresses,
];

const INVALID_MODE_OPTIONS: readonly string[] = Object.values(INVALID_MODE_FIELDS).map(
  (field) => INVALID_OPTION_NAMES[field],
);

/** A system option's value as System Options shows it (`flag` -> `Flag only`). */
function optionValue(option: string, v: string): string {
  if (INVALID_MODE_OPTIONS.includes(option))
    return INVALID_MODE_LABELS[v as keyof typeof INVALID_MODE_LABELS] ?? v;
  if (FRAUD_MODE_OPTIONS.includes(option)) return FRAUD_MODE_LABELS[v as keyof typeof FRAUD_MODE_LABELS] ?? v;
  if (option === 'pay_cycle') return PAY_CYCLE_LABELS[v as keyof typeof PAY_CYCLE_LABELS] ?? v;
  if (SWITCH_OPTIONS.includes(option)) return v === '1' ? 'On' : v === '0' ? 'Off' : v;
  if (option === 'two_factor_roles') return ROLE_NAMES(v);
  if (option === 'largest_adjustment_php') return formatPeso(v);
  if (option === 'largest_adjustment_dollars') return formatPrice(v);
  return v;
}

/**
 * A stored value as the screens show it; null stays null (shown as ∅: the value was really empty).
 * `rowKey` is the changed row's key: a system option's value reads by the option it is.
 */
export function formatAuditValue(
  table: string,
  name: string,
  raw: string | null,
  rowKey = '',
): string | null {
  if (raw === null) return null;
  if (table === 'options' && name === 'value') return optionValue(rowKey, raw);
  const format = fieldSpec(table, name)?.format ?? 'text';
  return FORMATS[format](raw);
}
