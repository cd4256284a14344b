// API keys (issue 33): a script or another system calls /api/* with `Authorization: Bearer sdk_...` and
// acts as the key's owner, within the scopes chosen when the key was made. The key is shown once; the
// server keeps its SHA-256 and its first 8 characters.
import { z } from 'zod';
import { hasRole, listOf, listQuery, Permission, Role } from './common';
import { identityCheck } from './sign-in';
import { WEBHOOK_HOLDERS } from './webhooks';

/** What a key may do, area by area; a route names the one it needs beside its access rule. */
export const API_KEY_SCOPES = [
  'stats:read',
  'sales:read',
  'sales:write',
  'agents:read',
  'agents:write',
  'links:read',
  'statements:read',
  'payouts:read',
  'payouts:write',
  'webhooks:write',
] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const ZApiKeyScope = z.enum(API_KEY_SCOPES, 'Unknown scope');

/**
 * Who may put each scope on a key (a key is never more than its owner): that role or a higher one, and
 * the permission where one is named. The server's access rules are built from this table
 * (http/key-scopes.ts, checked against the routes by the route matrix test) and the web form offers the
 * same scopes, so the two cannot differ.
 */
export const API_KEY_SCOPE_HOLDERS: Record<
  TApiKeyScope,
  { role: Role; permission?: Permission; /** The permission is needed from this role up only. */ from?: Role }
> = {
  'stats:read': { role: Role.Company },
  'sales:read': { role: Role.Company },
  'sales:write': { role: Role.Admin, permission: Permission.EarningVisible },
  'agents:read': { role: Role.Company },
  'agents:write': { role: Role.Company },
  'links:read': { role: Role.Company },
  'statements:read': { role: Role.Company },
  // Payment history and an agent's payout method (an office sees the method and last 4 only).
  'payouts:read': { role: Role.Company },
  // Batches, their files and the bank's answer: the payers (contract payouts.ts). Changing where an agent's
  // money goes, and confirming a line held after such a change, stay with a person signed in.
  'payouts:write': { role: Role.Admin, permission: Permission.EarningVisible },
  // Each account its own webhooks: an office, or an admin with the earnings permission (contract webhooks.ts).
  'webhooks:write': WEBHOOK_HOLDERS,
};

/** The scopes an account may put on a key of its own (a superadmin holds every permission). */
export function apiKeyScopesOf(account: { role: number; permissions: readonly string[] }): TApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => {
    const h = API_KEY_SCOPE_HOLDERS[s];
    if (!hasRole(account.role, h.role)) return false;
    return (
      !h.permission ||
      (h.from !== undefined && !hasRole(account.role, h.from)) ||
      account.role === Role.Superadmin ||
      account.permissions.includes(h.permission)
    );
  });
}

/** A key: `sdk_` and 40 base62 characters (about 238 random bits). */
export const API_KEY_PREFIX = 'sdk_';
export const API_KEY_RANDOM_LENGTH = 40;
/** The shape of anything worth hashing: a header that is not one is refused without a database read. */
export const API_KEY_PATTERN = /^sdk_[0-9A-Za-z]{32,64}$/;
/** How many characters of a key its lists show (`sdk_3f9a`). */
export const API_KEY_SHOWN = 8;
/** A key in a list or an audit row: its first characters and an ellipsis. */
export const apiKeyShown = (prefix: string) => `${prefix}…`;

export const API_KEY_MAX_LIVE = 25;
export const API_KEY_RATE_DEFAULT = 600;
export const API_KEY_RATE_MAX = 6000;
export const API_KEY_NAME_MAX = 64;
export const API_KEY_IPS_MAX = 50;
/** The furthest expiry a key may be given: five years. */
export const API_KEY_EXPIRY_MAX_DAYS = 5 * 366;

export const API_KEY_TOO_MANY = `An account has at most ${API_KEY_MAX_LIVE} live keys: revoke one first`;
export const API_KEY_NAME_TAKEN = 'A live key of this name exists';
export const API_KEY_SCOPE_BEYOND = (scope: string) => `Your account cannot grant the scope ${scope}`;
export const API_KEY_LACKS_SCOPE = (scope: string) => `This key lacks the scope ${scope}`;
export const API_KEY_NOT_HERE = 'This route cannot be called with an API key';
export const API_KEY_WRONG_ADDRESS = 'This key may not be used from your address';

// Control characters (NUL included) have no place in a name shown in lists and the audit log.
// eslint-disable-next-line no-control-regex
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** An address or a range, IPv4 or IPv6 (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`). */
export const ZIpOrRange = z
  .string()
  .trim()
  .max(64, 'Enter an IP address or a CIDR range')
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
      error: 'Enter an IP address or a CIDR range',
    }),
  );

export const ZApiKeyCreate = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(API_KEY_NAME_MAX, `Name is at most ${API_KEY_NAME_MAX} characters`)
      .regex(PRINTABLE, 'Name holds a control character'),
    scopes: z
      .array(ZApiKeyScope)
      .min(1, 'Choose at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
    /** ISO 8601 with its offset; absent or null: the key does not expire. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Enter a date and time (ISO 8601)' })
      .nullish()
      .refine((v) => !v || Date.parse(v) > Date.now(), 'The expiry must be in the future')
      .refine(
        (v) => !v || Date.parse(v) < Date.now() + API_KEY_EXPIRY_MAX_DAYS * 86_400_000,
        'The expiry is at most five years ahead',
      ),
    /** Addresses and ranges the key may be used from; empty: any. */
    allowedIps: z.array(ZIpOrRange).max(API_KEY_IPS_MAX).default([]),
    rateLimit: z
      .number({ error: 'Must be a whole number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(API_KEY_RATE_MAX, `Must be at most ${API_KEY_RATE_MAX}`)
      .default(API_KEY_RATE_DEFAULT),
    ...identityCheck,
  })
  .strict();
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export const ZApiKeyRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The first 8 characters of the key (`sdk_3f9a`). */
  prefix: z.string(),
  scopes: z.array(z.string()),
  allowedIps: z.array(z.string()),
  rateLimit: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKeyRow = z.infer<typeof ZApiKeyRow>;

/** A new key: the row, and the key itself, shown this once. */
export const ZApiKeyCreated = ZApiKeyRow.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const API_KEY_SORT_FIELDS = ['createdAt', 'name', 'lastUsedAt', 'expiresAt'] as const;
export const API_KEY_SEARCH_FIELDS = ['name'] as const;
export const ZApiKeySearch = listQuery({ sort: API_KEY_SORT_FIELDS, search: API_KEY_SEARCH_FIELDS });
export type TApiKeySearch = z.input<typeof ZApiKeySearch>;
export const ZApiKeyList = listOf(ZApiKeyRow);
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** The words of the API keys screens (/app/settings/api-keys, /app/profile/api-keys). */
export const API_KEY_TEXTS = {
  title: 'API Keys',
  tab: 'API Keys',
  add: '+ New API Key',
  createTitle: 'New API Key',
  empty: 'No API keys',
  revokeQuestion: 'Revoke this API key? Scripts using it are refused at once.',
  revoked: 'API key revoked',
  createdTitle: 'Your new API key',
  shownOnce: 'Copy this key now: it is not shown again. Salesdesk keeps only its fingerprint.',
  expiryHint: 'Optional: the key stops working at the end of this day (Eastern time)',
  ipsHint: 'Optional: one address or CIDR range a line (IPv4 or IPv6); empty allows every address',
  rateHint: `Requests a minute, ${API_KEY_RATE_DEFAULT} unless set, at most ${API_KEY_RATE_MAX}`,
  neverUsed: 'Never',
  noExpiry: 'Never',
  revokedStatus: 'Revoked',
  expiredStatus: 'Expired',
} as const;

/** The scopes as a person reads them (the form's checkboxes). */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'stats:read': 'Statistics, payroll, top agents, dashboard and Home (read)',
  'sales:read': 'Sale, click and postback logs (read)',
  'sales:write': 'Sale status changes, reversals and adjustments (write)',
  'agents:read': 'Agents (read)',
  'agents:write': 'Agents (write)',
  'links:read': 'Links (read)',
  'statements:read': 'Pay statements (read)',
  'payouts:read': 'Payment history and payout methods (read)',
  'payouts:write': 'Payout batches, their files and results (write)',
  'webhooks:write': 'Webhooks (write)',
};
