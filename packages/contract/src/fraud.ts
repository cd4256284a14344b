// Fraud rules (issue 22): each is off, flag only, or hold for review, set in System Options. They run in
// the postback's transaction; a sale that trips a hold rule arrives held with the rules it tripped,
// a flag-only rule only marks it (sales.fraud_flags). Agents and offices never see the rules.
import { z } from 'zod';

/** The rules, each one bit of sales.fraud_flags. */
export const FraudRule = {
  FastSale: 1,
  RepeatEmail: 2,
  SelfReferral: 4,
  RefundRate: 8,
  InvalidClick: 16,
} as const;
export type FraudRule = (typeof FraudRule)[keyof typeof FraudRule];
export const FRAUD_RULE_KEYS = [
  'fastSale',
  'repeatEmail',
  'selfReferral',
  'refundRate',
  'invalidClick',
] as const;
export type TFraudRuleKey = (typeof FRAUD_RULE_KEYS)[number];
export const FRAUD_RULE_BITS: Readonly<Record<TFraudRuleKey, FraudRule>> = {
  fastSale: FraudRule.FastSale,
  repeatEmail: FraudRule.RepeatEmail,
  selfReferral: FraudRule.SelfReferral,
  refundRate: FraudRule.RefundRate,
  invalidClick: FraudRule.InvalidClick,
};
/** What the review queue and the options screen call each rule. */
export const FRAUD_RULE_LABELS: Readonly<Record<TFraudRuleKey, string>> = {
  fastSale: 'Sale soon after its click',
  repeatEmail: 'Repeated customer e-mail',
  selfReferral: "Click from the agent's own address",
  refundRate: 'High refund rate',
  invalidClick: 'Sale from an invalid click',
};

/** The rule keys of a fraud_flags value, in the order above. */
export const fraudRulesOf = (flags: number): TFraudRuleKey[] =>
  FRAUD_RULE_KEYS.filter((k) => (flags & FRAUD_RULE_BITS[k]) !== 0);

/** A rule's mode, stored as the option's value. */
export const FRAUD_MODES = ['off', 'flag', 'hold'] as const;
export type TFraudMode = (typeof FRAUD_MODES)[number];
export const ZFraudMode = z.enum(FRAUD_MODES, { error: 'A rule is off, flag or hold' });
export const FRAUD_MODE_LABELS: Readonly<Record<TFraudMode, string>> = {
  off: 'Off',
  flag: 'Flag only',
  hold: 'Hold for review',
};
/** Every rule is flag only on a new install and in the demo data: nothing is held until a superadmin says so. */
export const FRAUD_MODE_DEFAULT: TFraudMode = 'flag';

/** The option names of the rules and their numbers (System Options, superadmin). */
export const FRAUD_OPTION_NAMES = {
  fastSaleMode: 'fraud_fast_sale',
  fastSaleSeconds: 'fraud_fast_sale_seconds',
  repeatEmailMode: 'fraud_repeat_email',
  repeatEmailMax: 'fraud_repeat_email_max',
  selfReferralMode: 'fraud_self_referral',
  refundRateMode: 'fraud_refund_rate',
  refundRatePercent: 'fraud_refund_rate_percent',
  refundRateMinSales: 'fraud_refund_rate_min_sales',
  /** Issue 35: the sale's click was flagged as invalid traffic (a bot, a preview, staff, a repeat...). */
  invalidClickMode: 'fraud_invalid_click',
} as const;

/** The numbers' defaults: 15 s; 1 sale per e-mail and site in 24 h; 25 % of at least 20 sales in 30 days. */
export const FRAUD_DEFAULTS = {
  fastSaleSeconds: 15,
  repeatEmailMax: 1,
  refundRatePercent: 25,
  refundRateMinSales: 20,
} as const;
/** The windows the rules look back over. */
export const REPEAT_EMAIL_WINDOW_HOURS = 24;
export const SELF_REFERRAL_WINDOW_DAYS = 30;
export const REFUND_RATE_WINDOW_DAYS = 30;

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, message)
    .refine((v) => Number(v) >= min && Number(v) <= max, message);
};
export const ZFastSaleSeconds = wholeNumber('Seconds after the click', 1, 86_400);
export const ZRepeatEmailMax = wholeNumber('Sales per e-mail', 1, 1000);
export const ZRefundRatePercent = wholeNumber('Refund rate', 1, 100);
export const ZRefundRateMinSales = wholeNumber('Minimum sales', 1, 100_000);

/** The rules as the postback reads them (parsed from the options, defaults filled in). */
export interface TFraudSettings {
  fastSale: { mode: TFraudMode; seconds: number };
  repeatEmail: { mode: TFraudMode; max: number };
  selfReferral: { mode: TFraudMode };
  refundRate: { mode: TFraudMode; percent: number; minSales: number };
  invalidClick: { mode: TFraudMode };
}

export const FRAUD_SETTINGS_DEFAULT: TFraudSettings = {
  fastSale: { mode: FRAUD_MODE_DEFAULT, seconds: FRAUD_DEFAULTS.fastSaleSeconds },
  repeatEmail: { mode: FRAUD_MODE_DEFAULT, max: FRAUD_DEFAULTS.repeatEmailMax },
  selfReferral: { mode: FRAUD_MODE_DEFAULT },
  refundRate: {
    mode: FRAUD_MODE_DEFAULT,
    percent: FRAUD_DEFAULTS.refundRatePercent,
    minSales: FRAUD_DEFAULTS.refundRateMinSales,
  },
  invalidClick: { mode: FRAUD_MODE_DEFAULT },
};

/** The fraud settings from the option rows (unknown or missing values fall back to the defaults). */
export function fraudSettingsOf(options: readonly { name: string; value: string }[]): TFraudSettings {
  const text = (name: string) => options.find((o) => o.name === name)?.value;
  const mode = (name: string): TFraudMode => {
    const v = text(name);
    return (FRAUD_MODES as readonly string[]).includes(v ?? '') ? (v as TFraudMode) : FRAUD_MODE_DEFAULT;
  };
  const num = (name: string, fallback: number) => {
    const v = text(name);
    return v !== undefined && /^\d{1,6}$/.test(v) ? Number(v) : fallback;
  };
  const n = FRAUD_OPTION_NAMES;
  return {
    fastSale: { mode: mode(n.fastSaleMode), seconds: num(n.fastSaleSeconds, FRAUD_DEFAULTS.fastSaleSeconds) },
    repeatEmail: { mode: mode(n.repeatEmailMode), max: num(n.repeatEmailMax, FRAUD_DEFAULTS.repeatEmailMax) },
    selfReferral: { mode: mode(n.selfReferralMode) },
    refundRate: {
      mode: mode(n.refundRateMode),
      percent: num(n.refundRatePercent, FRAUD_DEFAULTS.refundRatePercent),
      minSales: num(n.refundRateMinSales, FRAUD_DEFAULTS.refundRateMinSales),
    },
    invalidClick: { mode: mode(n.invalidClickMode) },
  };
}
