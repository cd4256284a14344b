// Invalid traffic (issue 35): why a click was not a person. A click keeps every request it answered; its
// reason code says which were machines or staff, and the reports count only the rest.
import { z } from 'zod';

/**
 * The reasons, in the order they are tested: when several hold, the first is kept. A click's code is
 * the reason's place here counted from 1 (clicks.invalid_reason); 0 is a valid click.
 */
export const INVALID_REASONS = [
  'BLACKLISTED_IP',
  'INTERNAL',
  'PREVIEW',
  'BOT',
  'HEAD',
  'DATACENTER',
  'REPEAT',
] as const;
export type TInvalidReason = (typeof INVALID_REASONS)[number];
export const ZInvalidReason = z.enum(INVALID_REASONS, 'Choose a reason');

export const VALID_CLICK = 0;
export const invalidReasonCode = (r: TInvalidReason) => INVALID_REASONS.indexOf(r) + 1;
/** The reason of code `code`, or null for a valid click (and a code this version does not know). */
export const invalidReasonOf = (code: number): TInvalidReason | null => INVALID_REASONS[code - 1] ?? null;

/** How a reason is treated: a valid click, a kept but flagged one, or (for machines) a 404 and a count. */
export const INVALID_MODES = ['count', 'flag', 'refuse'] as const;
export type TInvalidMode = (typeof INVALID_MODES)[number];
/** Only a machine's request may be refused: a person behind a staff or repeated click still gets the site. */
export const REFUSABLE_REASONS: readonly TInvalidReason[] = ['BOT', 'PREVIEW', 'DATACENTER'];
export const modesOf = (r: TInvalidReason): readonly TInvalidMode[] =>
  REFUSABLE_REASONS.includes(r) ? INVALID_MODES : INVALID_MODES.filter((m) => m !== 'refuse');
export const defaultModeOf = (r: TInvalidReason): TInvalidMode => (r === 'DATACENTER' ? 'count' : 'flag');

/** How the screens name each reason (labels, the click log, the reports' drill-down). */
export const INVALID_REASON_LABELS: Record<TInvalidReason, string> = {
  BLACKLISTED_IP: 'Black listed IP',
  INTERNAL: 'Internal traffic',
  PREVIEW: 'Link preview',
  BOT: 'Bot',
  HEAD: 'HEAD request',
  DATACENTER: 'Data center',
  REPEAT: 'Repeat',
};

/** The query parameter that marks a click as staff testing its own link. */
export const INTERNAL_TEST_PARAM = 'sd_test';

/** The System Options of invalid traffic, by the form's field name. */
export const INVALID_OPTION_NAMES = {
  invalidModeBlacklistedIp: 'invalid_blacklisted_ip',
  invalidModeInternal: 'invalid_internal',
  invalidModePreview: 'invalid_preview',
  invalidModeBot: 'invalid_bot',
  invalidModeHead: 'invalid_head',
  invalidModeDatacenter: 'invalid_datacenter',
  invalidModeRepeat: 'invalid_repeat',
  internalTrafficAddresses: 'internal_traffic_addresses',
  repeatClicksMax: 'repeat_clicks_max',
  repeatClicksMinutes: 'repeat_clicks_minutes',
} as const;

/** Each reason's mode field on the System Options form. */
export const INVALID_MODE_FIELDS = {
  BLACKLISTED_IP: 'invalidModeBlacklistedIp',
  INTERNAL: 'invalidModeInternal',
  PREVIEW: 'invalidModePreview',
  BOT: 'invalidModeBot',
  HEAD: 'invalidModeHead',
  DATACENTER: 'invalidModeDatacenter',
  REPEAT: 'invalidModeRepeat',
} as const satisfies Record<TInvalidReason, keyof typeof INVALID_OPTION_NAMES>;

export const INVALID_MODE_LABELS: Record<TInvalidMode, string> = {
  count: 'Count as valid',
  flag: 'Flag',
  refuse: 'Refuse (404)',
};

/** A saved mode, or the reason's default when the value is missing or not one of its modes. */
export function invalidModeOf(r: TInvalidReason, value: string | undefined): TInvalidMode {
  return modesOf(r).includes(value as TInvalidMode) ? (value as TInvalidMode) : defaultModeOf(r);
}

export const ZInvalidMode = z.enum(INVALID_MODES, { error: 'A reason is counted, flagged or refused' });
/** The modes a reason may take: `refuse` only for machines. */
export const zInvalidModeOf = (r: TInvalidReason) =>
  REFUSABLE_REASONS.includes(r)
    ? ZInvalidMode
    : z.enum(['count', 'flag'], { error: 'This reason is counted or flagged' });

export const REPEAT_DEFAULTS = { max: 10, minutes: 10 } as const;
export const REPEAT_MAX_LIMIT = 1000;
export const REPEAT_MINUTES_LIMIT = 1440;
export const REPEAT_MAX_INVALID = `Repeat Clicks must be a whole number from 1 to ${REPEAT_MAX_LIMIT}`;
export const REPEAT_MINUTES_INVALID = `Repeat Minutes must be a whole number from 1 to ${REPEAT_MINUTES_LIMIT}`;
const wholeFrom1 = (max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,5}$/, message)
    .refine((v) => Number(v) <= max, message);
export const ZRepeatClicksMax = wholeFrom1(REPEAT_MAX_LIMIT, REPEAT_MAX_INVALID);
export const ZRepeatClicksMinutes = wholeFrom1(REPEAT_MINUTES_LIMIT, REPEAT_MINUTES_INVALID);

/** The repeat rule as saved; a value that is not one (edited by hand) reads as its default. */
export function repeatRuleOf(maxText: string | undefined, minutesText: string | undefined) {
  const max = ZRepeatClicksMax.safeParse(maxText ?? '');
  const minutes = ZRepeatClicksMinutes.safeParse(minutesText ?? '');
  return {
    max: max.success ? Number(max.data) : REPEAT_DEFAULTS.max,
    minutes: minutes.success ? Number(minutes.data) : REPEAT_DEFAULTS.minutes,
  };
}

export const INTERNAL_ADDRESSES_MAX = 1000;
export const INTERNAL_ADDRESSES_INVALID = (entry: string) =>
  `Internal traffic addresses: "${entry.slice(0, 60)}" is not an address or a range (203.0.113.7, 10.0.0.0/8, 2001:db8::/32)`;
export const INTERNAL_ADDRESSES_TOO_MANY = `Internal traffic addresses: at most ${INTERNAL_ADDRESSES_MAX} entries`;

/** The entries of an address list as typed: separated by commas, spaces or lines. */
export const addressEntries = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

const ZAddressEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/** `Internal traffic addresses`: addresses and CIDR ranges, IPv4 or IPv6; empty for none. */
export const ZInternalTrafficAddresses = z
  .string()
  .max(64_000, INTERNAL_ADDRESSES_TOO_MANY)
  .superRefine((text, ctx) => {
    const entries = addressEntries(text);
    if (entries.length > INTERNAL_ADDRESSES_MAX) {
      ctx.addIssue({ code: 'custom', message: INTERNAL_ADDRESSES_TOO_MANY });
      return;
    }
    const bad = entries.find((e) => !ZAddressEntry.safeParse(e).success);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: INTERNAL_ADDRESSES_INVALID(bad) });
  });

/** The data center list in force (System Options): the release's own copy, or one a superadmin stored. */
export const ZDatacenterListInfo = z.object({
  source: z.enum(['shipped', 'uploaded']),
  /** The date the list says it was made. */
  listDate: z.string().nullable(),
  entries: z.number().int(),
  /** When it was stored (uploaded lists). */
  updatedAt: z.string().nullable(),
});
export type TDatacenterListInfo = z.infer<typeof ZDatacenterListInfo>;

export const DATACENTER_LIST_MAX_MB = 20;
export const DATACENTER_LIST_REQUIRED = 'Choose a list file';
/** POST options/datacenter-list: the list's text, one address or CIDR range per line. */
export const ZDatacenterListUpload = z.object({
  text: z
    .string({ error: DATACENTER_LIST_REQUIRED })
    .min(1, DATACENTER_LIST_REQUIRED)
    .max(DATACENTER_LIST_MAX_MB * 1024 * 1024, `The list may be at most ${DATACENTER_LIST_MAX_MB} MB`),
});
export type TDatacenterListUpload = z.infer<typeof ZDatacenterListUpload>;
export const ZDatacenterListStored = z.object({ entries: z.number().int(), listDate: z.string() });
