// AVP (Agent Volume Pay): sales-range headings, the filter label, the pay schedule period, and the week it is paid by.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { easternDay } from './eastern';
import { formatDecimal } from './format';
import { DAY_FORMAT, isDateString, type TPeriod } from './period';

dayjs.extend(utc);

/** A range ending at or above this many sales is open-ended and shown as '{from}+'. */
export const AVP_UPPER_BOUND = 1000;

/** An AVP sales range: its position in the schedule and its inclusive sales bounds. */
export type TAvpRange = { index: number; from: number; to: number };

/** The option heading: '0 sales' for index 0, '{from}+' when open-ended, else '{from}-{to} sales'. */
export function avpPeriodHeading({ index, from, to }: TAvpRange): string {
  if (index === 0) return '0 sales';
  return to >= AVP_UPPER_BOUND ? `${from}+` : `${from}-${to} sales`;
}

/** The AVP filter label: 'NO' for index 1 or less, 'from - to' below the bound, else 'from+'. */
export function avpFilterLabel({ index, from, to }: TAvpRange): string {
  if (index <= 1) return 'NO';
  return to < AVP_UPPER_BOUND ? `${from} - ${to}` : `${from}+`;
}

const ZAvpMoney = z
  .union([
    z.number().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'Must be a decimal number, min 0'),
  ])
  .transform((v) => formatDecimal(v, 2));

const ZCount = z.number().int().nonnegative();

/** A pay schedule row; a payout may be absent (pesos and/or dollars), else it becomes a 2-decimal string. */
export const ZAvpPeriod = z.object({
  index: ZCount,
  from: ZCount,
  to: ZCount,
  payoutPhp: ZAvpMoney.nullish().transform((v) => v ?? null),
  payoutDollars: ZAvpMoney.nullish().transform((v) => v ?? null),
});
export type TAvpPeriod = z.infer<typeof ZAvpPeriod>;
/** A pay schedule row as GET avp-periods answers it (payouts as stored, 2-decimal strings or null). */
export const ZAvpPeriodRow = z.object({
  index: ZCount,
  from: ZCount,
  to: ZCount,
  payoutPhp: z.string().nullable(),
  payoutDollars: z.string().nullable(),
});

/** The Sunday-to-Saturday week holding an instant (taken in Eastern time) or a 'YYYY-MM-DD' day. */
export function weekOf(date: Date | string): TPeriod {
  const day = typeof date === 'string' ? date : easternDay(date);
  if (!isDateString(day)) throw new Error(`Invalid day: ${day}`);
  const sunday = dayjs.utc(day).startOf('week');
  return { start: sunday.format(DAY_FORMAT), end: sunday.add(6, 'day').format(DAY_FORMAT) };
}

/** Whether a weekly AVP sales count falls in a range (one ending at or above the bound is open-ended). */
export const avpRangeHolds = ({ from, to }: TAvpRange, count: number): boolean =>
  count >= from && (count <= to || to >= AVP_UPPER_BOUND);

/** The period a week's AVP sales count selects: the lowest index whose range holds it; undefined when none. */
export function avpPeriodOf<T extends TAvpRange>(periods: readonly T[], count: number): T | undefined {
  return [...periods].sort((a, b) => a.index - b.index).find((p) => avpRangeHolds(p, count));
}
