// Date-range hints of the period pickers and the chart presets, relative to an injected "now" read in Eastern time.
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { weekOf } from './avp';
import { easternDay } from './eastern';
import {
  DAY_FORMAT,
  formatPeriod,
  type ChartGroupBy,
  type PeriodLength,
  type TPeriod,
  type TPeriodValue,
} from './period';

dayjs.extend(utc);

/** One entry of a period picker's hint list. */
export type TPeriodHint = { heading: string; start: string; end: string; length: PeriodLength };
/** One chart period preset. */
export type TChartPreset = { heading: string; start: string; end: string; groupBy: ChartGroupBy };

/** Weeks in the plain weekly list: This week, Last week, and back to 11 weeks ago. */
export const WEEK_HINT_COUNT = 12;
/** The weekly-ex pickers (AVP, payroll) list 50 weeks and 27 half-months, about a year of each. */
export const WEEKLY_EX_WEEK_COUNT = 50;
export const WEEKLY_EX_HALF_MONTH_COUNT = 27;
/** Half-months in the payout-period list: the current one and 5 before it (3 months). */
export const PAYOUT_HALF_MONTH_COUNT = 6;
/** Months back in the month list: This month, Last month, and back to 12 months ago. */
export const MONTHS_BACK = 12;
/** Weeks back in the 52-week list, which starts at Last week. */
export const FIFTY_TWO_WEEKS = 52;
/** Top agents are grouped by office when the range exceeds 7 days. */
export const TOP_AGENTS_OFFICE_GROUPING_MS = 604_800_000;

const format = (d: Dayjs) => d.format(DAY_FORMAT);
const todayOf = (now: Date) => dayjs.utc(easternDay(now));
const countUp = (count: number) => Array.from({ length: Math.max(0, count) }, (_, i) => i);
const hintOf = (heading: string, start: Dayjs, end: Dayjs, length: PeriodLength): TPeriodHint => ({
  heading,
  start: format(start),
  end: format(end),
  length,
});

/** Today and Yesterday. */
export function dayHints(now: Date = new Date()): TPeriodHint[] {
  const today = todayOf(now);
  const yesterday = today.subtract(1, 'day');
  return [hintOf('Today', today, today, 'day'), hintOf('Yesterday', yesterday, yesterday, 'day')];
}

/** The week `weeksBack` weeks before the current one, headed This week, Last week or '[W] start - end'. */
function weekHint(weeksBack: number, now: Date): TPeriodHint {
  const start = dayjs.utc(weekOf(now).start).subtract(weeksBack, 'week');
  const period = { start: format(start), end: format(start.add(6, 'day')) };
  const heading = ['This week', 'Last week'][weeksBack] ?? `[W] ${formatPeriod(period)}`;
  return { heading, ...period, length: 'week' };
}

/** The half-month (1st-15th or 16th-month end) holding a 'YYYY-MM-DD' day. */
export function halfMonthOf(day: string): TPeriodValue {
  const d = dayjs.utc(day);
  if (d.date() <= 15) return { start: format(d.date(1)), end: format(d.date(15)), length: 'beWeek' };
  return { start: format(d.date(16)), end: format(d.endOf('month')), length: 'beWeek' };
}

/** The next (1) or previous (-1) half-month; throws for any period that is not a half-month. */
export function stepHalfMonth(period: TPeriodValue, dir: 1 | -1): TPeriodValue {
  if (period.length !== 'beWeek') throw new Error('Only for beWeek periods');
  const start = dayjs.utc(period.start);
  const firstHalf = start.date() <= 15;
  if (dir > 0) return halfMonthOf(format(firstHalf ? start.date(16) : start.add(1, 'month').date(1)));
  return halfMonthOf(format(firstHalf ? start.subtract(1, 'month').date(16) : start.date(1)));
}

/** `count` half-months headed '[2W] start - end', newest first, starting with the current one. */
export function halfMonthHints(count: number, now: Date = new Date()): TPeriodHint[] {
  const hints: TPeriodHint[] = [];
  let period = halfMonthOf(easternDay(now));
  for (let i = 0; i < count; i++) {
    hints.push({ heading: `[2W] ${formatPeriod(period)}`, ...period });
    period = stepHalfMonth(period, -1);
  }
  return hints;
}

/**
 * `weekCount` weeks newest first (This week, Last week, then '[W] start - end'), followed by
 * `halfMonthCount` half-months ('[2W] start - end'); the defaults give the plain weekly list.
 */
export function weeklyHints(
  weekCount: number = WEEK_HINT_COUNT,
  halfMonthCount = 0,
  now: Date = new Date(),
): TPeriodHint[] {
  return [...countUp(weekCount).map((n) => weekHint(n, now)), ...halfMonthHints(halfMonthCount, now)];
}

/** The weekly-ex list of the AVP and payroll pickers: 50 weeks then 27 half-months. */
export function weeklyExHints(now: Date = new Date()): TPeriodHint[] {
  return weeklyHints(WEEKLY_EX_WEEK_COUNT, WEEKLY_EX_HALF_MONTH_COUNT, now);
}

/** Last week back to the week 52 weeks ago. */
export function fiftyTwoWeekHints(now: Date = new Date()): TPeriodHint[] {
  return countUp(FIFTY_TWO_WEEKS).map((n) => weekHint(n + 1, now));
}

/** This month, Last month, then back to 12 months ago headed 'MMMM YYYY'. */
export function monthHints(now: Date = new Date()): TPeriodHint[] {
  const thisMonth = todayOf(now).startOf('month');
  return countUp(MONTHS_BACK + 1).map((n) => {
    const start = thisMonth.subtract(n, 'month');
    const heading = ['This month', 'Last month'][n] ?? start.format('MMMM YYYY');
    return hintOf(heading, start, start.endOf('month'), 'month');
  });
}

/** This year and Last year. */
export function yearHints(now: Date = new Date()): TPeriodHint[] {
  const thisYear = todayOf(now).startOf('year');
  const lastYear = thisYear.subtract(1, 'year');
  return [
    hintOf('This year', thisYear, thisYear.endOf('year'), 'year'),
    hintOf('Last year', lastYear, lastYear.endOf('year'), 'year'),
  ];
}

/** 'Choose payout period' of the log filters: days, the plain weekly list, 6 half-months, months, years. */
export function payoutPeriodHints(now: Date = new Date()): TPeriodHint[] {
  return [
    ...dayHints(now),
    ...weeklyHints(WEEK_HINT_COUNT, PAYOUT_HALF_MONTH_COUNT, now),
    ...monthHints(now),
    ...yearHints(now),
  ];
}

/** The hint spanning exactly start..end, to re-select it when the dates change; else undefined. */
export function matchHint<T extends TPeriod>(
  hints: T[],
  start?: string | null,
  end?: string | null,
): T | undefined {
  return hints.find((h) => h.start === start && h.end === end);
}

/** Start-picker hints: only periods starting before the current end (all when there is no end). */
export function startHints<T extends TPeriod>(hints: T[], currentEnd?: string | null): T[] {
  return currentEnd ? hints.filter((h) => h.start < currentEnd) : hints;
}

/** End-picker hints: only periods ending after the current start (all when there is no start). */
export function endHints<T extends TPeriod>(hints: T[], currentStart?: string | null): T[] {
  return currentStart ? hints.filter((h) => h.end > currentStart) : hints;
}

/** The default period of weekly pages: the first weekly hint (This week). */
export function defaultWeeklyPeriod(now: Date = new Date()): TPeriodHint {
  return weekHint(0, now);
}

const presetOf = (heading: string, start: Dayjs, end: Dayjs, groupBy: ChartGroupBy): TChartPreset => ({
  heading,
  start: format(start),
  end: format(end),
  groupBy,
});

/** The chart presets; 'Last 12 days' keeps its historic span of today and the 7 days before. */
export function chartPresets(now: Date = new Date()): TChartPreset[] {
  const today = todayOf(now);
  const week = weekOf(now);
  const lastWeekStart = dayjs.utc(week.start).subtract(1, 'week');
  const month = today.startOf('month');
  const lastMonth = month.subtract(1, 'month');
  const year = today.startOf('year');
  const lastYear = year.subtract(1, 'year');
  return [
    presetOf('Last 12 days', today.subtract(7, 'day'), today, 'day'),
    presetOf('This week', dayjs.utc(week.start), dayjs.utc(week.end), 'day'),
    presetOf('Prev week', lastWeekStart, lastWeekStart.add(6, 'day'), 'day'),
    presetOf('This month', month, month.endOf('month'), 'day'),
    presetOf('Prev month', lastMonth, lastMonth.endOf('month'), 'day'),
    presetOf('This year', year, year.endOf('year'), 'month'),
    presetOf('Prev year', lastYear, lastYear.endOf('year'), 'month'),
  ];
}

/** The default chart period: the second-to-last preset (This year). */
export function defaultChartPreset(now: Date = new Date()): TChartPreset {
  const presets = chartPresets(now);
  return presets[presets.length - 2];
}

/** Top agents: 'company' (office) grouping when end - start exceeds 7 days, else 'agent'. */
export function topAgentsGroupBy(start: string | Date, end: string | Date): 'company' | 'agent' {
  const toMs = (d: string | Date) => (typeof d === 'string' ? dayjs.utc(d).valueOf() : d.getTime());
  return toMs(end) - toMs(start) > TOP_AGENTS_OFFICE_GROUPING_MS ? 'company' : 'agent';
}
