// Eastern (America/New_York) time: the explicit US daylight-saving rule, so no time-zone database is needed.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** The time zone every date in the product is shown in. */
export const EASTERN_TZ = 'America/New_York';
/** The optional note under the page header clock. */
export const EASTERN_NOTE = 'All stats pages show EST/EDT(USA) time zone';
/** The world clock the page header links to. */
export const WORLD_CLOCK_URL = 'https://www.timeanddate.com/worldclock/usa/new-york';
/** The header clock ticks every second. */
export const CLOCK_TICK_MS = 1000;

const HOUR_MS = 3_600_000;

/** The UTC instant (ms) of the `nth` Sunday of a month at `hourUtc`. */
function nthSundayUtc(year: number, month: number, nth: number, hourUtc: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstWeekday) % 7);
  return Date.UTC(year, month, firstSunday + 7 * (nth - 1), hourUtc);
}

/** -4 (EDT) from 2 a.m. on the second Sunday in March to 2 a.m. on the first Sunday of November, else -5 (EST). */
export function easternOffsetHours(date: Date): -4 | -5 {
  const t = date.getTime();
  // Near New Year no switch is close, so the UTC year is the Eastern year for this purpose.
  const year = date.getUTCFullYear();
  const dstStart = nthSundayUtc(year, 2, 2, 2 + 5); // 02:00 EST
  const dstEnd = nthSundayUtc(year, 10, 1, 2 + 4); // 02:00 EDT
  return t >= dstStart && t < dstEnd ? -4 : -5;
}

/** 'EDT' while daylight saving is in force, else 'EST'. */
export function easternAbbrev(date: Date): 'EDT' | 'EST' {
  return easternOffsetHours(date) === -4 ? 'EDT' : 'EST';
}

/** Formats an instant as Eastern wall-clock time with a dayjs template (no zone tokens). */
export function formatEastern(date: Date, template: string): string {
  const wallClock = date.getTime() + easternOffsetHours(date) * HOUR_MS;
  return dayjs.utc(wallClock).format(template);
}

/** The header clock: 'ddd, DD MMM YYYY HH:mm:ss' plus ' EDT' or ' EST'. */
export function formatEasternClock(date: Date): string {
  return `${formatEastern(date, 'ddd, DD MMM YYYY HH:mm:ss')} ${easternAbbrev(date)}`;
}

/** The Eastern calendar day ('YYYY-MM-DD') of an instant. */
export function easternDay(date: Date): string {
  return formatEastern(date, 'YYYY-MM-DD');
}

/** The UTC instant of Eastern midnight starting `day` ('YYYY-MM-DD'); throws on an invalid day. */
export function easternDayStart(day: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const utcMidnight = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (Number.isNaN(utcMidnight) || dayjs.utc(utcMidnight).format('YYYY-MM-DD') !== day) {
    throw new Error(`Invalid day: ${day}`);
  }
  // Midnight is never inside the 2-3 a.m. switch gap, so one of the two offsets is self-consistent.
  const asEdt = new Date(utcMidnight + 4 * HOUR_MS);
  return easternOffsetHours(asEdt) === -4 ? asEdt : new Date(utcMidnight + 5 * HOUR_MS);
}
