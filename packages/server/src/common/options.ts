// System options (name/value rows) and the IP black list lookups other areas share.
import { eq } from 'drizzle-orm';
import {
  AUDIT_LOG_DAYS_DEFAULT,
  defaultModeOf,
  INVALID_MODE_FIELDS,
  INVALID_OPTION_NAMES,
  INVALID_REASONS,
  REPEAT_DEFAULTS,
  FRAUD_DEFAULTS,
  FRAUD_MODE_DEFAULT,
  FRAUD_OPTION_NAMES,
  LARGEST_ADJUSTMENT_DEFAULTS,
  OPTION_NAMES,
  PAY_CYCLE_DEFAULT,
  POSTBACK_LOG_DAYS_DEFAULT,
  rawClickMonthsOf,
  ZAuditLogDays,
  ZLargestAdjustment,
  ZPayCycle,
  ZPostbackLogDays,
  type TPayCycle,
  MINIMUM_PAYOUT_DEFAULT,
  ZMinimumPayout,
} from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { blackListIps, options } from '../db/schema';

export const OPTION_AUTO_BLOCK = 'auto_block_account';
/** Global switch for the LPP columns of the statistics (DESIGN.md rule 4); not on the options screen. */
export const OPTION_LPP_VISIBLE = 'lpp_visible';
/** The first Eastern day whose raw clicks are kept, set when the retention drops older months; not on the options screen. */
export const OPTION_RAW_CLICKS_KEPT_FROM = 'raw_clicks_kept_from';
export const OPTION_DEFAULTS: Record<string, string> = {
  [OPTION_AUTO_BLOCK]: '0',
  [OPTION_LPP_VISIBLE]: '0',
  [OPTION_NAMES.webhooksPrivateAddresses]: '0',
  [OPTION_NAMES.postbackLogDays]: String(POSTBACK_LOG_DAYS_DEFAULT),
  [OPTION_NAMES.auditLogDays]: String(AUDIT_LOG_DAYS_DEFAULT),
  [OPTION_NAMES.rawClickMonths]: '',
  [OPTION_NAMES.payCycle]: PAY_CYCLE_DEFAULT,
  [OPTION_NAMES.largestAdjustmentPayout]: LARGEST_ADJUSTMENT_DEFAULTS.payout,
  [OPTION_NAMES.largestAdjustmentEarning]: LARGEST_ADJUSTMENT_DEFAULTS.earning,
  [OPTION_NAMES.minimumPayout]: MINIMUM_PAYOUT_DEFAULT,
  [FRAUD_OPTION_NAMES.fastSaleMode]: FRAUD_MODE_DEFAULT,
  [FRAUD_OPTION_NAMES.fastSaleSeconds]: String(FRAUD_DEFAULTS.fastSaleSeconds),
  [FRAUD_OPTION_NAMES.repeatEmailMode]: FRAUD_MODE_DEFAULT,
  [FRAUD_OPTION_NAMES.repeatEmailMax]: String(FRAUD_DEFAULTS.repeatEmailMax),
  [FRAUD_OPTION_NAMES.selfReferralMode]: FRAUD_MODE_DEFAULT,
  [FRAUD_OPTION_NAMES.refundRateMode]: FRAUD_MODE_DEFAULT,
  [FRAUD_OPTION_NAMES.refundRatePercent]: String(FRAUD_DEFAULTS.refundRatePercent),
  [FRAUD_OPTION_NAMES.refundRateMinSales]: String(FRAUD_DEFAULTS.refundRateMinSales),
  [FRAUD_OPTION_NAMES.invalidClickMode]: FRAUD_MODE_DEFAULT,
  ...Object.fromEntries(
    INVALID_REASONS.map((r) => [INVALID_OPTION_NAMES[INVALID_MODE_FIELDS[r]], defaultModeOf(r)]),
  ),
  [INVALID_OPTION_NAMES.internalTrafficAddresses]: '',
  [INVALID_OPTION_NAMES.repeatClicksMax]: String(REPEAT_DEFAULTS.max),
  [INVALID_OPTION_NAMES.repeatClicksMinutes]: String(REPEAT_DEFAULTS.minutes),
};

export async function getOption(db: Queryable, name: string): Promise<string> {
  const [row] = await db.select().from(options).where(eq(options.name, name));
  return row?.value ?? OPTION_DEFAULTS[name] ?? '';
}

/** How many days the postback log keeps; the default when the stored value is not one (edited by hand). */
export async function postbackLogDays(db: Queryable): Promise<number> {
  const parsed = ZPostbackLogDays.safeParse(await getOption(db, OPTION_NAMES.postbackLogDays));
  return parsed.success ? Number(parsed.data) : POSTBACK_LOG_DAYS_DEFAULT;
}

/** How many days the audit log keeps; the default (two years) when the stored value is not one. */
export async function auditLogDays(db: Queryable): Promise<number> {
  const parsed = ZAuditLogDays.safeParse(await getOption(db, OPTION_NAMES.auditLogDays));
  return parsed.success ? Number(parsed.data) : AUDIT_LOG_DAYS_DEFAULT;
}

/** The whole months of raw clicks kept before the current one; 0 keeps them all (the default). */
export async function rawClickMonths(db: Queryable): Promise<number> {
  return rawClickMonthsOf(await getOption(db, OPTION_NAMES.rawClickMonths));
}

/** The first Eastern day whose raw clicks are kept; null while no month was ever dropped. */
export async function rawClicksKeptFrom(db: Queryable): Promise<string | null> {
  return (await getOption(db, OPTION_RAW_CLICKS_KEPT_FROM)) || null;
}

/** The pay cycle; half-month (as the database's pay_period_of reads it) when the stored value is not one. */
export async function payCycle(db: Queryable): Promise<TPayCycle> {
  const parsed = ZPayCycle.safeParse(await getOption(db, OPTION_NAMES.payCycle));
  return parsed.success ? parsed.data : PAY_CYCLE_DEFAULT;
}

/** The option `Largest adjustment` (pesos and dollars); the default where the stored value is not one. */
export async function largestAdjustment(db: Queryable): Promise<{ payout: string; earning: string }> {
  const read = async (name: string, fallback: string) => {
    const parsed = ZLargestAdjustment.safeParse(await getOption(db, name));
    return parsed.success ? parsed.data : fallback;
  };
  return {
    payout: await read(OPTION_NAMES.largestAdjustmentPayout, LARGEST_ADJUSTMENT_DEFAULTS.payout),
    earning: await read(OPTION_NAMES.largestAdjustmentEarning, LARGEST_ADJUSTMENT_DEFAULTS.earning),
  };
}

/** The option `Minimum payout` in pesos; the default (0: every positive balance is paid) where it is not one. */
export async function minimumPayout(db: Queryable): Promise<string> {
  const parsed = ZMinimumPayout.safeParse(await getOption(db, OPTION_NAMES.minimumPayout));
  return parsed.success ? parsed.data : MINIMUM_PAYOUT_DEFAULT;
}

export const optionIsOn = async (db: Queryable, name: string) => (await getOption(db, name)) === '1';

export async function isBlackListed(db: Queryable, ip: string): Promise<boolean> {
  const [row] = await db.select({ id: blackListIps.id }).from(blackListIps).where(eq(blackListIps.ip, ip));
  return !!row;
}
