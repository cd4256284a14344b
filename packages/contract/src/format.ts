// Display formats: money, percentages, Eastern dates, ratios, row numbers, roles and statuses.
import { easternDay, formatEastern } from './eastern';
import { isDateString } from './period';

/** A value that may arrive as a number or as a numeric string from the database ("12.50"). */
export type NumberLike = number | string | null | undefined;

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const EXPONENT_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

/** Plain decimal digits (no exponent) of a number or numeric string; '0' for anything else. */
function toPlainDecimal(v: NumberLike): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '0';
    const s = String(v);
    if (!/e/i.test(s)) return s;
    return Math.abs(v) < 1e21 ? v.toFixed(20) : BigInt(v).toString();
  }
  const s = (v ?? '').trim();
  if (PLAIN_NUMBER.test(s)) return s;
  return EXPONENT_NUMBER.test(s) ? toPlainDecimal(Number(s)) : '0';
}

/** Rounds half away from zero to `digits` places on the decimal digits, so "1.005" gives "1.01"; non-numbers give 0. */
export function formatDecimal(v: NumberLike, digits: number): string {
  const [, sign = '', intPart = '', fracPart = ''] = PLAIN_DECIMAL.exec(toPlainDecimal(v)) ?? [];
  const padded = (fracPart + '0'.repeat(digits + 1)).slice(0, digits + 1);
  let scaled = BigInt((intPart || '0') + padded.slice(0, digits));
  if (padded[digits] >= '5') scaled += 1n;
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const body = digits ? `${whole}.${text.slice(text.length - digits)}` : whole;
  return sign === '-' && scaled !== 0n ? `-${body}` : body;
}

const trimZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

/** Thousands separators in the whole part of a plain decimal string ('-12141.00' -> '-12,141.00'), on the digits. */
export function groupThousands(plain: string): string {
  return plain.replace(
    /^([+-]?)(\d+)/,
    (_, sign: string, whole: string) => sign + whole.replace(/\B(?=(\d{3})+$)/g, ','),
  );
}

/**
 * A price as a spreadsheet reads it: 2 decimals, no separator, and its sign ('12141.00', '-7.25'): a
 * column that is summed must keep a reversal negative.
 */
export function priceAmount(v: NumberLike): string {
  return formatDecimal(v, 2);
}

/** A peso amount as a spreadsheet reads it: up to 2 decimals, no trailing zeros, its sign ('198845', '-7.25'). */
export function pesoAmount(v: NumberLike): string {
  return trimZeros(priceAmount(v));
}

// Spec 2 section 9 shows the absolute value, written when money was never negative. A refund,
// chargeback or adjustment row and a net total can be: they keep the minus in front of the unit.
const withUnit = (unit: string, plain: string) =>
  plain.startsWith('-') ? `-${unit}${groupThousands(plain.slice(1))}` : `${unit}${groupThousands(plain)}`;

/** '$' + 2 decimals and thousands separators ('$12.50', '-$7.25'); '$0.00' for 0, null or a non-number. */
export function formatPrice(v: NumberLike): string {
  return withUnit('$', priceAmount(v));
}

/** '₱' + up to 2 decimals, no trailing zeros, thousands separators ('₱12.5', '₱1,200', '-₱7.25', '₱0'). */
export function formatPeso(v: NumberLike): string {
  return withUnit('₱', pesoAmount(v));
}

/** A count with thousands separators ('1,520'); '0' for null or a non-number. */
export function formatCount(v: NumberLike): string {
  return groupThousands(formatDecimal(v, 0));
}

/** A count and its noun, singular for exactly one ('1 sale', '3 sales', '1,200 IPs'); `plural` when not `noun` + 's'. */
export function formatCounted(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`;
}

/** Percentage with 2 decimals ('12.50%', '-3.00%'). */
export function formatPercent(v: NumberLike): string {
  return `${formatDecimal(v, 2)}%`;
}

/** A change with its sign ('+12.50%', '-3.00%'); zero, or anything that rounds to zero, shows '0%'. */
export function formatSignedPercent(v: NumberLike): string {
  const d = formatDecimal(v, 2);
  if (/^0\.00$/.test(d)) return '0%';
  return d.startsWith('-') ? `${d}%` : `+${d}%`;
}

/** The change shown when the other period had nothing to compare with. */
export const NO_CHANGE = '—';

const DECIMAL_FIGURE = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A count or money figure as integer hundredths, or null when it is no decimal number. */
function hundredthsOf(v: NumberLike): bigint | null {
  const m = DECIMAL_FIGURE.exec(String(v ?? '0').trim());
  if (!m) return null;
  const n = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
}

/**
 * The change of a figure against the other period's (issue 37): (current - other) / |other| in %, computed
 * on exact decimals (never float arithmetic), rounded half away from zero to 2 places; '—' when other is 0.
 */
export function changePercent(current: NumberLike, other: NumberLike): string {
  const a = hundredthsOf(current);
  const b = hundredthsOf(other);
  if (a === null || b === null || b === 0n) return NO_CHANGE;
  const num = (a - b) * 1_000_000n; // % with 4 places: * 100 * 10^4, then rounded to 2 places below
  const den = b < 0n ? -b : b;
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const basis = (abs / den + 50n) / 100n; // hundredths of a percent
  const text = `${basis / 100n}.${(basis % 100n).toString().padStart(2, '0')}`;
  return formatSignedPercent(neg ? `-${text}` : text);
}

/** Replaces underscores and hyphens with spaces ('bonus_payout' -> 'bonus payout'). */
export function formatLabel(s: string | null | undefined): string {
  return (s ?? '').replace(/[_-]/g, ' ');
}

/** A valid instant, or undefined. */
function toInstant(d: Date | string | number | null | undefined): Date | undefined {
  if (d === null || d === undefined || d === '') return undefined;
  const t = d instanceof Date ? d : new Date(d);
  return Number.isNaN(t.getTime()) ? undefined : t;
}

/** 'YYYY-MM-DD' of an instant in Eastern time; a plain 'YYYY-MM-DD' passes as is; '' when empty or invalid. */
export function formatDate(d: Date | string | number | null | undefined): string {
  if (isDateString(d)) return d;
  const t = toInstant(d);
  return t ? easternDay(t) : '';
}

/** 'YYYY-MM-DD (HH:mm)' of an instant in Eastern time; '' when empty or invalid. */
export function formatDateTime(d: Date | string | number | null | undefined): string {
  if (isDateString(d)) return `${d} (00:00)`;
  const t = toInstant(d);
  return t ? formatEastern(t, 'YYYY-MM-DD (HH:mm)') : '';
}

/** '1:{uniques/sales}' with at most 2 decimals; '1:0' when there are no sales (no ratio to show). */
export function formatUniqueRatio(
  uniques: number | null | undefined,
  sales: number | null | undefined,
): string {
  if (!sales) return '1:0';
  return `1:${trimZeros(formatDecimal((uniques ?? 0) / sales, 2))}`;
}

/** 100*bonusSales/sales; with no sales 0, or 100 on payroll pages. */
export function bonusRatio(
  bonusSales: number | null | undefined,
  sales: number | null | undefined,
  payroll = false,
): number {
  if (!sales) return payroll ? 100 : 0;
  return (100 * (bonusSales ?? 0)) / sales;
}

/** Office progress in percent: (sales1-sales2)/sales2*100; 100 when only sales1 has sales, 0 when neither has. */
export function officeProgress(sales1: number, sales2: number): number {
  if (!sales2) return sales1 > 0 ? 100 : 0;
  return ((sales1 - sales2) / sales2) * 100;
}

/** The 1-based number of a row across pages. */
export function rowNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/** Display names of the role levels (Company is the office role). */
export const ROLE_LABELS: Readonly<Record<number, string>> = {
  0: 'Superadmin',
  5: 'Admin',
  10: 'Company',
  20: 'Agent',
};
/** The label of any role level not in ROLE_LABELS. */
export const UNKNOWN_ROLE_LABEL = 'role';

/** 'Superadmin', 'Admin', 'Company' or 'Agent'; 'role' for any other level. */
export function formatRole(role: number): string {
  return ROLE_LABELS[role] ?? UNKNOWN_ROLE_LABEL;
}

/** 'Activated' or 'Suspended', with ' (Hidden)' appended when hidden. */
export function formatAccountStatus(active: boolean, hidden?: boolean): string {
  return `${active ? 'Activated' : 'Suspended'}${hidden ? ' (Hidden)' : ''}`;
}

/** A preferred domain's hidden flag: 'Hidden', 'Activated', or 'Not Defined' when unset. */
export function formatDomainHidden(hidden: boolean | null | undefined): string {
  if (hidden === true) return 'Hidden';
  return hidden === false ? 'Activated' : 'Not Defined';
}
