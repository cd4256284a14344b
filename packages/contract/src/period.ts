// Date ranges of 'YYYY-MM-DD' days: display, parsing, the picker value strings and the zod schemas.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';

dayjs.extend(utc);

/** Shown by the date range control when start or end is missing or start is after end. */
export const DATE_RANGE_INVALID = 'Date Range is not valid';
/** Between the two dates of a displayed period. */
export const PERIOD_SEPARATOR = ' - ';
/** Day format of every date in the product. */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** Period lengths; beWeek is a half-month (1st-15th or 16th-month end). */
export const PERIOD_LENGTHS = ['day', 'week', 'beWeek', 'month', 'year'] as const;
export type PeriodLength = (typeof PERIOD_LENGTHS)[number];
export const ZPeriodLength = z.enum(PERIOD_LENGTHS);

/** Chart grouping: one point per day or per month. */
export const CHART_GROUP_BY = ['day', 'month'] as const;
export type ChartGroupBy = (typeof CHART_GROUP_BY)[number];
export const ZChartGroupBy = z.enum(CHART_GROUP_BY);

/** A date range, both ends inclusive, as 'YYYY-MM-DD'. */
export type TPeriod = { start: string; end: string };
/** A period picker value: the range and the kind of period it was picked as. */
export type TPeriodValue = TPeriod & { length: PeriodLength };
/** A chart range value: the range and the chart grouping. */
export type TChartRange = TPeriod & { groupBy: ChartGroupBy };

/** True for a 'YYYY-MM-DD' string naming a real calendar day. */
export function isDateString(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Calendar arithmetic on a 'YYYY-MM-DD' day (no time zone involved). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format(DAY_FORMAT);
}

/** 'YYYY-MM-DD - YYYY-MM-DD'. */
export function formatPeriod(p: TPeriod): string {
  return `${p.start}${PERIOD_SEPARATOR}${p.end}`;
}

/** Reads 'YYYY-MM-DD - YYYY-MM-DD'; undefined when either date is invalid. */
export function parsePeriod(s: string | null | undefined): TPeriod | undefined {
  const parts = (s ?? '').split(PERIOD_SEPARATOR).map((part) => part.trim());
  if (parts.length !== 2 || !isDateString(parts[0]) || !isDateString(parts[1])) return undefined;
  return { start: parts[0], end: parts[1] };
}

/** The JSON form `{ start, end }`. */
export function periodToJson(p: TPeriod): TPeriod {
  return { start: p.start, end: p.end };
}

/** Reads the JSON form; undefined when either date is missing or invalid. */
export function periodFromJson(json: unknown): TPeriod | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { start, end } = json as { start?: unknown; end?: unknown };
  return isDateString(start) && isDateString(end) ? { start, end } : undefined;
}

/** False when start or end is missing (or not a date) or start is after end. */
export function isDateRangeValid(start?: string | null, end?: string | null): boolean {
  return isDateString(start) && isDateString(end) && start <= end;
}

/** 'start,end,periodLength'. */
export function encodePeriodValue(v: TPeriodValue): string {
  return [v.start, v.end, v.length].join(',');
}

/** Reads 'start,end,periodLength'; undefined when any part is invalid. */
export function decodePeriodValue(s: string | null | undefined): TPeriodValue | undefined {
  const [start, end, length, ...rest] = (s ?? '').split(',');
  if (rest.length || !isDateString(start) || !isDateString(end)) return undefined;
  const parsed = ZPeriodLength.safeParse(length);
  return parsed.success ? { start, end, length: parsed.data } : undefined;
}

/** 'start,end,groupBy'. */
export function encodeChartRange(v: TChartRange): string {
  return [v.start, v.end, v.groupBy].join(',');
}

/** Reads 'start,end,groupBy'; undefined when any part is invalid. */
export function decodeChartRange(s: string | null | undefined): TChartRange | undefined {
  const [start, end, groupBy, ...rest] = (s ?? '').split(',');
  if (rest.length || !isDateString(start) || !isDateString(end)) return undefined;
  const parsed = ZChartGroupBy.safeParse(groupBy);
  return parsed.success ? { start, end, groupBy: parsed.data } : undefined;
}

/** A real calendar day as 'YYYY-MM-DD'. */
/** The days a filter may name: the database refuses year 0, and nothing was recorded before 1970. */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '2999-12-31';
export const ZDateString = z
  .string()
  .refine(isDateString, 'Must be a date (YYYY-MM-DD)')
  .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, 'Must be a date between 1970 and 2999');

/** Start and end are US Eastern days, both included; give both or neither (the error sits on `end`). */
export function refineDateRange(v: { start?: string; end?: string }, ctx: z.RefinementCtx) {
  const missing = (v.start === undefined) !== (v.end === undefined);
  if (missing || (v.start && v.end && v.start > v.end))
    ctx.addIssue({ code: 'custom', path: ['end'], message: DATE_RANGE_INVALID });
}

const ZRangeDay = z.string({ error: DATE_RANGE_INVALID }).refine(isDateString, DATE_RANGE_INVALID);
/** The fields of a date range (any missing or invalid day reads 'Date Range is not valid'); pair with `checkPeriod`. */
export const periodFields = { start: ZRangeDay, end: ZRangeDay };

/** Adds the "start not after end" rule; the issue sits on `end`. */
export function checkPeriod(v: TPeriod, ctx: z.RefinementCtx) {
  if (v.start > v.end) ctx.addIssue({ code: 'custom', path: ['end'], message: DATE_RANGE_INVALID });
}

/** A date range whose start is not after its end. */
export const ZPeriod = z.object(periodFields).superRefine(checkPeriod);
