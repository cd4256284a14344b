// Settings (spec 2 sections 2.17, 3, 5, 7): the IP black list (admin) and the system options (superadmin).
import { z } from 'zod';
import { listOf, listQuery } from './common';
import { formatCounted } from './format';
import {
  FRAUD_OPTION_NAMES,
  fraudSettingsOf,
  ZFastSaleSeconds,
  ZFraudMode,
  ZRefundRateMinSales,
  ZRefundRatePercent,
  ZRepeatEmailMax,
} from './fraud';
import { LARGEST_ADJUSTMENT_DEFAULTS, ZLargestAdjustment } from './money';
import { MINIMUM_PAYOUT_DEFAULT, ZMinimumPayout } from './payouts';
import { PAY_CYCLE_DEFAULT, type TPayCycle, ZPayCycle } from './pay-periods';
import { POSTBACK_LOG_DAYS_DEFAULT } from './postback-logs';
import { AUDIT_LOG_DAYS_DEFAULT } from './audit-logs';
import {
  INVALID_MODE_FIELDS,
  INVALID_OPTION_NAMES,
  INVALID_REASONS,
  invalidModeOf,
  repeatRuleOf,
  ZInternalTrafficAddresses,
  zInvalidModeOf,
  ZInvalidMode,
  ZRepeatClicksMax,
  ZRepeatClicksMinutes,
} from './invalid-traffic';
import {
  parseTwoFactorRoles,
  TWO_FACTOR_ROLE_CHOICES,
  twoFactorRolesValue,
  ZTwoFactorRoles,
} from './sign-in';

export const BLACK_LIST_SORT_FIELDS = ['id', 'ip'] as const;
export type TBlackListSortField = (typeof BLACK_LIST_SORT_FIELDS)[number];
export const BLACK_LIST_SEARCH_FIELDS = ['ip'] as const;
export const ZBlackListSearch = listQuery({ sort: BLACK_LIST_SORT_FIELDS, search: BLACK_LIST_SEARCH_FIELDS });
export type TBlackListSearch = z.infer<typeof ZBlackListSearch>;

export const ZBlackListIp = z.object({ id: z.number(), ip: z.string() });
export type TBlackListIp = z.infer<typeof ZBlackListIp>;
export const ZBlackList = listOf(ZBlackListIp);

export const IP_LIST_REQUIRED = 'IP List is required';
/** Lines one call takes; a longer list is split by the user. */
export const IP_LIST_MAX_LINES = 10_000;
const IP_LINE_MAX = 256;

const hasText = (lines: string[]) => lines.some((l) => l.trim() !== '');

/**
 * The lines of the 'IP List' box as typed (blank ones included, so the server can name a bad line by
 * the number the user sees). The server trims each line and skips blank ones.
 */
export const ZIpList = z.object({
  ips: z
    .array(z.string().max(IP_LINE_MAX, `A line is longer than ${IP_LINE_MAX} characters`))
    .max(IP_LIST_MAX_LINES, `At most ${IP_LIST_MAX_LINES} lines at once`)
    .refine(hasText, IP_LIST_REQUIRED),
});
export type TIpList = z.infer<typeof ZIpList>;

/** The lines of a box's text: split on newlines (CRLF too). */
export const ipListLines = (text: string): string[] => text.split(/\r?\n/);

/** The Add Ip / Delete Ips form: one box whose text becomes the `ips` lines of the call. */
export const ZIpListForm = z.object({
  ips: z
    .string()
    .refine((s) => s.trim() !== '', IP_LIST_REQUIRED)
    .transform(ipListLines)
    .pipe(ZIpList.shape.ips),
});

/** The bad-line message of PUT black-list-ip: names the line by its number in the box and its text. */
export const badIpLine = (line: number, text: string) =>
  `Line ${line}: "${text}" is not an IPv4 or IPv6 address`;

export const ZIpListAdded = z.object({ added: z.number().int() });
export const ZIpListDeleted = z.object({ deleted: z.number().int() });

export const BLACK_LIST_EMPTY = 'No data';
/** Not spec texts (spec 2 names none for the black list): the delete confirmations and the success notes. */
export const BLACK_LIST_TEXTS = {
  deleteOne: 'Are you sure to delete IP?',
  deleteSelected: 'Are you sure to delete selected IPs?',
  done: 'Operation Complete',
  added: (n: number) => `Added to the black list: ${formatCounted(n, 'IP')}.`,
  deleted: (n: number) => `Removed from the black list: ${formatCounted(n, 'IP')}.`,
} as const;
export const BLACK_LIST_SEARCH_PLACEHOLDER = 'part of IP';

// System options: name/value rows; switches hold '0'/'1', counts their digits (spec 2 section 3).
export const OPTION_NAMES = {
  autoBlockAccount: 'auto_block_account',
  postbackLogDays: 'postback_log_days',
  auditLogDays: 'audit_log_days',
  rawClickMonths: 'raw_click_months',
  payCycle: 'pay_cycle',
  /** The roles that must sign in with a code ('0,5,10'); none by default and in the demo data. */
  twoFactorRoles: 'two_factor_roles',
  /** `Largest adjustment`: the most one adjustment may carry either way, pesos and dollars. */
  largestAdjustmentPayout: 'largest_adjustment_php',
  largestAdjustmentEarning: 'largest_adjustment_dollars',
  /** `Minimum payout` (issue 36): a positive balance below it is carried, not paid; pesos, 0 by default. */
  minimumPayout: 'minimum_payout_php',
  /** Off unless set: deliveries (server webhooks/) refuse loopback and private addresses. */
  webhooksPrivateAddresses: 'webhooks_private_addresses',
  ...FRAUD_OPTION_NAMES,
  ...INVALID_OPTION_NAMES,
} as const;
/** What 'Auto Block Account' does (auth/service.ts login, jobs/login-unblock.ts), under its checkbox. */
export const AUTO_BLOCK_HINT =
  'A sign-in from an IP on the Black List Ip is always refused. When this is on, the account that tried is also blocked from signing in until the login unblock at 01:00 US Eastern.';
export const WEBHOOKS_PRIVATE_LABEL = 'Allow webhooks to private addresses';
export const WEBHOOKS_PRIVATE_HINT =
  'For tests and private networks: deliveries may go to loopback and private addresses (never link-local or cloud metadata)';

/** The options the System Options screen shows and saves. */
export const EDITABLE_OPTIONS = [
  OPTION_NAMES.autoBlockAccount,
  OPTION_NAMES.postbackLogDays,
  OPTION_NAMES.auditLogDays,
  OPTION_NAMES.rawClickMonths,
  OPTION_NAMES.payCycle,
  OPTION_NAMES.twoFactorRoles,
  OPTION_NAMES.webhooksPrivateAddresses,
  OPTION_NAMES.largestAdjustmentPayout,
  OPTION_NAMES.largestAdjustmentEarning,
  OPTION_NAMES.minimumPayout,
  ...Object.values(FRAUD_OPTION_NAMES),
  ...Object.values(INVALID_OPTION_NAMES),
] as const;

export const ZOption = z.object({ name: z.string(), value: z.string() });
export type TOption = z.infer<typeof ZOption>;
export const ZOptions = z.array(ZOption);

export const POSTBACK_LOG_DAYS_MAX = 3650;
export const POSTBACK_LOG_DAYS_INVALID = `Postback Log Days must be a whole number from 1 to ${POSTBACK_LOG_DAYS_MAX}`;
/** How many days the postback log keeps, as typed and as stored: digits, 1 to 3650. */
export const ZPostbackLogDays = z
  .string({ error: POSTBACK_LOG_DAYS_INVALID })
  .trim()
  .regex(/^[1-9]\d{0,3}$/, POSTBACK_LOG_DAYS_INVALID)
  .refine((v) => Number(v) <= POSTBACK_LOG_DAYS_MAX, POSTBACK_LOG_DAYS_INVALID);

export const AUDIT_LOG_DAYS_MAX = 3650;
export const AUDIT_LOG_DAYS_INVALID = `Audit Log Days must be a whole number from 1 to ${AUDIT_LOG_DAYS_MAX}`;
/** How many days the audit log keeps, as typed and as stored: digits, 1 to 3650 (two years by default). */
export const ZAuditLogDays = z
  .string({ error: AUDIT_LOG_DAYS_INVALID })
  .trim()
  .regex(/^[1-9]\d{0,3}$/, AUDIT_LOG_DAYS_INVALID)
  .refine((v) => Number(v) <= AUDIT_LOG_DAYS_MAX, AUDIT_LOG_DAYS_INVALID);

export const RAW_CLICK_MONTHS_MAX = 1200;
export const RAW_CLICK_MONTHS_INVALID = `Raw Clicks Kept must be empty (all) or a whole number of months from 0 to ${RAW_CLICK_MONTHS_MAX}`;
/**
 * How many whole months of raw clicks are kept before the current one, as typed and as stored: empty or
 * 0 keeps every click (the default); older months are dropped, stats_daily and sales stay.
 */
export const ZRawClickMonths = z
  .string({ error: RAW_CLICK_MONTHS_INVALID })
  .trim()
  .regex(/^\d{0,4}$/, RAW_CLICK_MONTHS_INVALID)
  .refine((v) => Number(v) <= RAW_CLICK_MONTHS_MAX, RAW_CLICK_MONTHS_INVALID);
/** The months a stored value keeps; 0 (every click) for empty, 0 or a value that is not one. */
export function rawClickMonthsOf(value: string): number {
  const parsed = ZRawClickMonths.safeParse(value);
  return parsed.success ? Number(parsed.data) : 0;
}

const ZOptionChange = z.discriminatedUnion('name', [
  z.object({ name: z.literal(OPTION_NAMES.autoBlockAccount), value: z.enum(['0', '1']) }),
  z.object({ name: z.literal(OPTION_NAMES.postbackLogDays), value: ZPostbackLogDays }),
  z.object({ name: z.literal(OPTION_NAMES.auditLogDays), value: ZAuditLogDays }),
  z.object({ name: z.literal(OPTION_NAMES.rawClickMonths), value: ZRawClickMonths }),
  z.object({ name: z.literal(OPTION_NAMES.payCycle), value: ZPayCycle }),
  z.object({ name: z.literal(OPTION_NAMES.twoFactorRoles), value: ZTwoFactorRoles }),
  z.object({ name: z.literal(OPTION_NAMES.webhooksPrivateAddresses), value: z.enum(['0', '1']) }),
  z.object({ name: z.literal(OPTION_NAMES.largestAdjustmentPayout), value: ZLargestAdjustment }),
  z.object({ name: z.literal(OPTION_NAMES.largestAdjustmentEarning), value: ZLargestAdjustment }),
  z.object({ name: z.literal(OPTION_NAMES.minimumPayout), value: ZMinimumPayout }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.fastSaleMode), value: ZFraudMode }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.fastSaleSeconds), value: ZFastSaleSeconds }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.repeatEmailMode), value: ZFraudMode }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.repeatEmailMax), value: ZRepeatEmailMax }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.selfReferralMode), value: ZFraudMode }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.refundRateMode), value: ZFraudMode }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.refundRatePercent), value: ZRefundRatePercent }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.refundRateMinSales), value: ZRefundRateMinSales }),
  z.object({ name: z.literal(FRAUD_OPTION_NAMES.invalidClickMode), value: ZFraudMode }),
  z.object({
    name: z.literal(INVALID_OPTION_NAMES.invalidModeBlacklistedIp),
    value: zInvalidModeOf('BLACKLISTED_IP'),
  }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModeInternal), value: zInvalidModeOf('INTERNAL') }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModePreview), value: ZInvalidMode }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModeBot), value: ZInvalidMode }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModeHead), value: zInvalidModeOf('HEAD') }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModeDatacenter), value: ZInvalidMode }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.invalidModeRepeat), value: zInvalidModeOf('REPEAT') }),
  z.object({
    name: z.literal(INVALID_OPTION_NAMES.internalTrafficAddresses),
    value: ZInternalTrafficAddresses,
  }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.repeatClicksMax), value: ZRepeatClicksMax }),
  z.object({ name: z.literal(INVALID_OPTION_NAMES.repeatClicksMinutes), value: ZRepeatClicksMinutes }),
]);

export const ZOptionsUpdate = z
  .array(ZOptionChange)
  .min(1)
  .max(EDITABLE_OPTIONS.length)
  .refine((list) => new Set(list.map((o) => o.name)).size === list.length, 'Each option at most once');
export type TOptionsUpdate = z.infer<typeof ZOptionsUpdate>;

/** An option's value, or `fallback` when it was never saved. */
export const optionText = (options: readonly TOption[], name: string, fallback: string) =>
  options.find((o) => o.name === name)?.value ?? fallback;

/** An option's 0/1 string as a boolean, and back. */
export const optionOn = (options: readonly TOption[], name: string) =>
  options.find((o) => o.name === name)?.value === '1';
export const optionValue = (on: boolean) => (on ? '1' : '0');

/** The System Options form: every editable option as a field (keys of OPTION_NAMES), saved as one list. */
export const ZSystemOptionsForm = z
  .object({
    autoBlockAccount: z.boolean(),
    postbackLogDays: ZPostbackLogDays,
    auditLogDays: ZAuditLogDays,
    rawClickMonths: ZRawClickMonths,
    payCycle: ZPayCycle,
    /** The checked roles of 'Require two-factor sign-in', as the checkbox group's strings. */
    twoFactorRoles: z.array(z.enum(TWO_FACTOR_ROLE_CHOICES.map(String) as ['0', '5', '10'])),
    webhooksPrivateAddresses: z.boolean(),
    largestAdjustmentPayout: ZLargestAdjustment,
    largestAdjustmentEarning: ZLargestAdjustment,
    minimumPayout: ZMinimumPayout,
    fastSaleMode: ZFraudMode,
    fastSaleSeconds: ZFastSaleSeconds,
    repeatEmailMode: ZFraudMode,
    repeatEmailMax: ZRepeatEmailMax,
    selfReferralMode: ZFraudMode,
    refundRateMode: ZFraudMode,
    refundRatePercent: ZRefundRatePercent,
    refundRateMinSales: ZRefundRateMinSales,
    invalidClickMode: ZFraudMode,
    invalidModeBlacklistedIp: zInvalidModeOf('BLACKLISTED_IP'),
    invalidModeInternal: zInvalidModeOf('INTERNAL'),
    invalidModePreview: ZInvalidMode,
    invalidModeBot: ZInvalidMode,
    invalidModeHead: zInvalidModeOf('HEAD'),
    invalidModeDatacenter: ZInvalidMode,
    invalidModeRepeat: zInvalidModeOf('REPEAT'),
    internalTrafficAddresses: ZInternalTrafficAddresses,
    repeatClicksMax: ZRepeatClicksMax,
    repeatClicksMinutes: ZRepeatClicksMinutes,
  })
  .transform(({ autoBlockAccount, twoFactorRoles, webhooksPrivateAddresses, ...rest }): TOptionsUpdate => [
    { name: OPTION_NAMES.autoBlockAccount, value: optionValue(autoBlockAccount) },
    { name: OPTION_NAMES.twoFactorRoles, value: twoFactorRolesValue(twoFactorRoles.map(Number)) },
    { name: OPTION_NAMES.webhooksPrivateAddresses, value: optionValue(webhooksPrivateAddresses) },
    ...(Object.keys(rest) as (keyof typeof rest)[]).map(
      (key) => ({ name: OPTION_NAMES[key], value: rest[key] }) as TOptionsUpdate[number],
    ),
  ]);
export type TSystemOptionsFormValues = z.input<typeof ZSystemOptionsForm>;

/** The form's values from the saved options; an option never saved (or blank) shows its default. */
export function systemOptionsValues(options: readonly TOption[]): TSystemOptionsFormValues {
  const text = (name: string, fallback: string) => {
    const v = options.find((o) => o.name === name)?.value;
    return v ? v : fallback;
  };
  const fraud = fraudSettingsOf(options);
  const n = FRAUD_OPTION_NAMES;
  return {
    autoBlockAccount: optionOn(options, OPTION_NAMES.autoBlockAccount),
    postbackLogDays: text(OPTION_NAMES.postbackLogDays, String(POSTBACK_LOG_DAYS_DEFAULT)),
    auditLogDays: text(OPTION_NAMES.auditLogDays, String(AUDIT_LOG_DAYS_DEFAULT)),
    rawClickMonths: optionText(options, OPTION_NAMES.rawClickMonths, ''),
    payCycle: text(OPTION_NAMES.payCycle, PAY_CYCLE_DEFAULT) as TPayCycle,
    twoFactorRoles: parseTwoFactorRoles(optionText(options, OPTION_NAMES.twoFactorRoles, '')).map(
      (r) => String(r) as '0' | '5' | '10',
    ),
    webhooksPrivateAddresses: optionOn(options, OPTION_NAMES.webhooksPrivateAddresses),
    largestAdjustmentPayout: text(OPTION_NAMES.largestAdjustmentPayout, LARGEST_ADJUSTMENT_DEFAULTS.payout),
    largestAdjustmentEarning: text(
      OPTION_NAMES.largestAdjustmentEarning,
      LARGEST_ADJUSTMENT_DEFAULTS.earning,
    ),
    minimumPayout: text(OPTION_NAMES.minimumPayout, MINIMUM_PAYOUT_DEFAULT),
    fastSaleMode: fraud.fastSale.mode,
    fastSaleSeconds: text(n.fastSaleSeconds, String(fraud.fastSale.seconds)),
    repeatEmailMode: fraud.repeatEmail.mode,
    repeatEmailMax: text(n.repeatEmailMax, String(fraud.repeatEmail.max)),
    selfReferralMode: fraud.selfReferral.mode,
    refundRateMode: fraud.refundRate.mode,
    refundRatePercent: text(n.refundRatePercent, String(fraud.refundRate.percent)),
    refundRateMinSales: text(n.refundRateMinSales, String(fraud.refundRate.minSales)),
    invalidClickMode: fraud.invalidClick.mode,
    ...invalidTrafficValues(options),
  };
}

/** The invalid-traffic fields of the System Options form. */
function invalidTrafficValues(options: readonly TOption[]) {
  const saved = (name: string) => options.find((o) => o.name === name)?.value;
  const modes = Object.fromEntries(
    INVALID_REASONS.map((r) => [
      INVALID_MODE_FIELDS[r],
      invalidModeOf(r, saved(INVALID_OPTION_NAMES[INVALID_MODE_FIELDS[r]])),
    ]),
  ) as Record<(typeof INVALID_MODE_FIELDS)[keyof typeof INVALID_MODE_FIELDS], 'count' | 'flag' | 'refuse'>;
  const repeat = repeatRuleOf(
    saved(INVALID_OPTION_NAMES.repeatClicksMax),
    saved(INVALID_OPTION_NAMES.repeatClicksMinutes),
  );
  return {
    ...modes,
    internalTrafficAddresses: optionText(options, INVALID_OPTION_NAMES.internalTrafficAddresses, ''),
    repeatClicksMax: String(repeat.max),
    repeatClicksMinutes: String(repeat.minutes),
  } as Pick<
    TSystemOptionsFormValues,
    | (typeof INVALID_MODE_FIELDS)[keyof typeof INVALID_MODE_FIELDS]
    | 'internalTrafficAddresses'
    | 'repeatClicksMax'
    | 'repeatClicksMinutes'
  >;
}
