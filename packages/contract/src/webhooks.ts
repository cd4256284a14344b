// Webhook endpoints (issue 34): where an account's events go. A webhook receives a signed JSON POST; a
// postback URL a GET of its template with the macros filled in. Superadmins and admins with the earnings
// permission receive every office's events, an office its own agents'. Each account manages its own.
import { z } from 'zod';
import { listOf, listQuery, Permission, Role, ZBigIdNumber, ZIdNumber } from './common';
import { WEBHOOK_EVENT_TYPES, ZWebhookEventType } from './webhook-events';

export const WEBHOOK_KINDS = ['webhook', 'postback'] as const;
export type TWebhookKind = (typeof WEBHOOK_KINDS)[number];
export const ZWebhookKind = z.enum(WEBHOOK_KINDS, 'Choose a webhook or a postback URL');

/** Who may have endpoints: an office, or an admin with the earnings permission (a superadmin holds all). */
export const WEBHOOK_HOLDERS = {
  role: Role.Company,
  permission: Permission.EarningVisible,
  from: Role.Admin,
};

/** The macros a postback URL may hold; each value is URL-encoded. `{earning}` is empty for an owner who may not see earnings. */
export const POSTBACK_MACROS = [
  'event',
  'sale_id',
  'tx_id',
  'click_id',
  'status',
  'payout',
  'earning',
  'site_id',
  'agent',
  'office',
  'date',
] as const;

/** The event a `Send test event` sends: to that endpoint only, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const ZWebhookTest = z.object({ endpointId: z.number().int(), message: z.string() });

export const WEBHOOK_MAX_LIVE = 20;
export const WEBHOOK_NAME_MAX = 64;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SITES_MAX = 200;
/** A rotated-out secret signs beside the new one this long. */
export const WEBHOOK_ROTATION_HOURS = 24;
/** An endpoint is disabled after this many failures in a row spanning WEBHOOK_DISABLE_SPAN_HOURS. */
export const WEBHOOK_DISABLE_AFTER = 20;
export const WEBHOOK_DISABLE_SPAN_HOURS = 24;
/** Its owner is warned by mail at this failure in a row (and told at the disabling). */
export const WEBHOOK_WARN_AT = 5;
/** A signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_TOO_MANY = `An account has at most ${WEBHOOK_MAX_LIVE} webhooks: delete one first`;
export const WEBHOOK_NAME_TAKEN = 'A webhook of this name exists';
export const WEBHOOK_URL_INVALID = 'Enter an http:// or https:// address';
export const WEBHOOK_UNKNOWN_MACRO = (name: string) => `Unknown macro {${name}}`;

// Control characters (NUL included) have no place in a name or an address.
// eslint-disable-next-line no-control-regex
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

// The contract's library declares neither the DOM nor Node, but both sides have the WHATWG URL parser.
type ParsedUrl = { protocol: string; username: string; password: string; hostname: string };
const { URL: UrlParser } = globalThis as unknown as { URL: new (input: string) => ParsedUrl };

function isHttpUrl(v: string): boolean {
  try {
    const u = new UrlParser(v);
    // Credentials in the address would be shown in every list and log line.
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !!u.hostname;
  } catch {
    return false;
  }
}

export const ZWebhookUrl = z
  .string({ error: WEBHOOK_URL_INVALID })
  .trim()
  .min(1, 'URL is required')
  .max(WEBHOOK_URL_MAX, `URL is at most ${WEBHOOK_URL_MAX} characters`)
  .regex(PRINTABLE, WEBHOOK_URL_INVALID)
  .refine(isHttpUrl, WEBHOOK_URL_INVALID);

/** The macros of a template that are not ones Salesdesk fills. */
export function unknownMacros(template: string): string[] {
  const known: readonly string[] = POSTBACK_MACROS;
  return [...template.matchAll(/\{(\w*)\}/g)].map((m) => m[1]).filter((name) => !known.includes(name));
}

const ZName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(WEBHOOK_NAME_MAX, `Name is at most ${WEBHOOK_NAME_MAX} characters`)
  .regex(PRINTABLE, 'Name holds a control character');

const fields = {
  name: ZName,
  url: ZWebhookUrl,
  /** None by default: an endpoint receives only what it chose. */
  eventTypes: z
    .array(ZWebhookEventType)
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((s) => new Set(s).size === s.length, 'An event is listed twice')
    .default([]),
  /** Only these sites' events; null or absent: every site. Events without a site always come. */
  siteIds: z
    .array(ZIdNumber)
    .min(1, 'Choose at least one site, or every site')
    .max(WEBHOOK_SITES_MAX)
    .refine((s) => new Set(s).size === s.length, 'A site is listed twice')
    .nullish(),
};

function checkMacros(v: { kind?: TWebhookKind; url: string }, ctx: z.RefinementCtx) {
  if (v.kind !== 'postback') return;
  for (const name of unknownMacros(v.url))
    ctx.addIssue({ code: 'custom', path: ['url'], message: WEBHOOK_UNKNOWN_MACRO(name) });
}

export const ZWebhookCreate = z
  .object({ kind: ZWebhookKind, ...fields })
  .strict()
  .superRefine(checkMacros);
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

/** An edit: everything but the kind, which a secret depends on. */
export const ZWebhookUpdate = z.object(fields).strict();
export type TWebhookUpdate = z.input<typeof ZWebhookUpdate>;

export const ZWebhookEnable = z
  .object({
    /** Send what the endpoint missed while disabled (its held deliveries). */
    resendHeld: z.boolean().default(false),
  })
  .strict();

export const ZWebhookRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: ZWebhookKind,
  url: z.string(),
  eventTypes: z.array(z.string()),
  siteIds: z.array(z.number()).nullable(),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  /** Failed deliveries in a row. */
  failures: z.number(),
  /** Until when the previous secret still signs beside the new one; null: no rotation under way. */
  rotatingUntil: z.string().nullable(),
  /** Deliveries held while disabled, which re-enabling may send. */
  held: z.number(),
  createdAt: z.string(),
});
export type TWebhookRow = z.infer<typeof ZWebhookRow>;

/** A new webhook: its row and its signing secret, shown this once (null for a postback URL). */
export const ZWebhookCreated = ZWebhookRow.extend({ secret: z.string().nullable() });
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;
export const ZWebhookSecret = z.object({ secret: z.string(), previousUntil: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export const WEBHOOK_SORT_FIELDS = ['createdAt', 'name'] as const;
export const WEBHOOK_SEARCH_FIELDS = ['name'] as const;
export const ZWebhookSearch = listQuery({ sort: WEBHOOK_SORT_FIELDS, search: WEBHOOK_SEARCH_FIELDS });
export type TWebhookSearch = z.input<typeof ZWebhookSearch>;
export const ZWebhookList = listOf(ZWebhookRow);
export type TWebhookList = z.infer<typeof ZWebhookList>;

/** How an attempt ended: the receiver took it, it will be tried again, or no more tries. */
export const ATTEMPT_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;
export type TAttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
export const ATTEMPT_OUTCOME_LABELS: Record<TAttemptOutcome, string> = {
  delivered: 'Delivered',
  retrying: 'Will retry',
  failed: 'Failed',
};

export const ATTEMPT_SORT_FIELDS = ['at'] as const;
export const ZAttemptSearch = listQuery({ sort: ATTEMPT_SORT_FIELDS }).extend({
  outcome: z.enum(ATTEMPT_OUTCOMES, 'Unknown outcome').optional(),
  eventType: z.union([ZWebhookEventType, z.literal(WEBHOOK_TEST_EVENT)], 'Unknown event type').optional(),
});
export type TAttemptSearch = z.input<typeof ZAttemptSearch>;

export const ZAttemptRow = z.object({
  id: z.number(),
  deliveryId: z.number(),
  at: z.string(),
  /** The event's id as the receiver saw it (`evt_…`). */
  eventId: z.string(),
  eventType: z.string(),
  outcome: z.enum(ATTEMPT_OUTCOMES),
  /** The receiver's HTTP status; null when none came (refused address, network error, time-out). */
  responseStatus: z.number().nullable(),
  ms: z.number(),
  /** The first 2 KiB of the receiver's answer. */
  answer: z.string(),
  error: z.string().nullable(),
  nextAt: z.string().nullable(),
});
export type TAttemptRow = z.infer<typeof ZAttemptRow>;
export const ZAttemptList = listOf(ZAttemptRow);
export type TAttemptList = z.infer<typeof ZAttemptList>;

export const ZResend = z.object({ deliveryId: ZBigIdNumber }).strict();

/** The words of the webhook screens (/app/settings/webhooks, /app/profile/webhooks). */
export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  tab: 'Webhooks',
  add: '+ New Webhook',
  createTitle: 'New Webhook',
  editTitle: 'Edit Webhook',
  empty: 'No webhooks',
  deliveriesTitle: 'Delivery Log',
  deliveriesEmpty: 'No deliveries yet',
  deleteQuestion: 'Delete this webhook? Nothing more is sent to it.',
  deleted: 'Webhook deleted',
  createdTitle: 'Your webhook’s signing secret',
  secretShownOnce:
    'Copy this secret now: it is not shown again. Your receiver verifies each request with it.',
  rotateQuestion: `Make a new signing secret? The old one keeps signing beside it for ${WEBHOOK_ROTATION_HOURS} hours.`,
  rotatedTitle: 'Your new signing secret',
  disableQuestion: 'Disable this webhook? Its events are held until it is enabled again.',
  enableQuestion: 'Enable this webhook?',
  enableResend: 'Also send the events held while it was disabled',
  testSent: 'Test event queued: see the Delivery Log',
  resent: 'Delivery queued again',
  eventsHint: 'None chosen: the endpoint receives nothing',
  sitesHint: 'Empty: every site. Events without a site (agents, pay periods) always come',
  macrosHint: `Macros: ${POSTBACK_MACROS.map((m) => `{${m}}`).join(' ')}`,
  enabled: 'Enabled',
  disabled: 'Disabled',
} as const;

export const WEBHOOK_KIND_LABELS: Record<TWebhookKind, string> = {
  webhook: 'Webhook (signed JSON POST)',
  postback: 'Postback URL (GET with macros)',
};
