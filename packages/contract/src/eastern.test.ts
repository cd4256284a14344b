import { describe, expect, it } from 'vitest';
import {
  CLOCK_TICK_MS,
  EASTERN_NOTE,
  EASTERN_TZ,
  easternAbbrev,
  easternDay,
  easternDayStart,
  easternOffsetHours,
  formatEastern,
  formatEasternClock,
  WORLD_CLOCK_URL,
} from './eastern';

// Second Sunday in March and first Sunday of November, as calendar days.
const SWITCHES = [
  { year: 2025, march: 9, november: 2 },
  { year: 2026, march: 8, november: 1 },
  { year: 2027, march: 14, november: 7 },
];

const intlOffset = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  timeZoneName: 'shortOffset',
});
const offsetByIntl = (d: Date) => Number(/GMT([+-]\d+)/.exec(intlOffset.format(d))?.[1]);

describe('easternOffsetHours', () => {
  it.each(SWITCHES)('switches to -4 at 2 a.m. EST on the second Sunday in March $year', ({ year, march }) => {
    const start = Date.UTC(year, 2, march, 7); // 02:00 EST
    expect(easternOffsetHours(new Date(start - 1))).toBe(-5);
    expect(easternOffsetHours(new Date(start))).toBe(-4);
    expect(easternOffsetHours(new Date(start - 7 * 86_400_000))).toBe(-5); // the Sunday before
  });

  it.each(SWITCHES)(
    'switches back to -5 at 2 a.m. EDT on the first Sunday of November $year',
    ({ year, november }) => {
      const end = Date.UTC(year, 10, november, 6); // 02:00 EDT
      expect(easternOffsetHours(new Date(end - 1))).toBe(-4);
      expect(easternOffsetHours(new Date(end))).toBe(-5);
      expect(easternOffsetHours(new Date(end + 7 * 86_400_000))).toBe(-5);
    },
  );

  it('is -5 in winter and -4 in summer, including around New Year', () => {
    expect(easternOffsetHours(new Date('2026-01-15T12:00:00Z'))).toBe(-5);
    expect(easternOffsetHours(new Date('2026-07-15T12:00:00Z'))).toBe(-4);
    expect(easternOffsetHours(new Date('2026-12-31T23:59:59Z'))).toBe(-5);
    expect(easternOffsetHours(new Date('2027-01-01T03:00:00Z'))).toBe(-5);
  });

  it('agrees with the time-zone database every half hour of 2025-2027', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 1_800_000) {
      const d = new Date(t);
      if (easternOffsetHours(d) !== offsetByIntl(d)) mismatches.push(d.toISOString());
    }
    expect(mismatches).toEqual([]);
  });
});

describe('easternAbbrev', () => {
  it('names the offset', () => {
    expect(easternAbbrev(new Date('2026-07-15T12:00:00Z'))).toBe('EDT');
    expect(easternAbbrev(new Date('2026-01-15T12:00:00Z'))).toBe('EST');
    expect(easternAbbrev(new Date('2026-03-08T06:59:59Z'))).toBe('EST');
    expect(easternAbbrev(new Date('2026-03-08T07:00:00Z'))).toBe('EDT');
  });
});

describe('formatEasternClock', () => {
  it.each([
    ['2026-11-21T05:15:02Z', 'Sat, 21 Nov 2026 00:15:02 EST'],
    ['2026-07-04T16:05:09Z', 'Sat, 04 Jul 2026 12:05:09 EDT'],
    ['2026-03-08T06:59:59Z', 'Sun, 08 Mar 2026 01:59:59 EST'],
    ['2026-03-08T07:00:00Z', 'Sun, 08 Mar 2026 03:00:00 EDT'],
    ['2026-11-01T05:59:59Z', 'Sun, 01 Nov 2026 01:59:59 EDT'],
    ['2026-11-01T06:00:00Z', 'Sun, 01 Nov 2026 01:00:00 EST'],
    ['2027-01-01T04:59:59Z', 'Thu, 31 Dec 2026 23:59:59 EST'],
  ])('%s reads %s', (iso, text) => expect(formatEasternClock(new Date(iso))).toBe(text));

  it('formats any template in Eastern wall-clock time', () => {
    expect(formatEastern(new Date('2026-07-04T03:00:00Z'), 'YYYY-MM-DD HH:mm')).toBe('2026-07-03 23:00');
  });
});

describe('easternDay', () => {
  it('gives the Eastern calendar day of an instant', () => {
    expect(easternDay(new Date('2026-01-15T04:59:59Z'))).toBe('2026-01-14');
    expect(easternDay(new Date('2026-01-15T05:00:00Z'))).toBe('2026-01-15');
    expect(easternDay(new Date('2026-07-15T03:59:59Z'))).toBe('2026-07-14');
    expect(easternDay(new Date('2026-07-15T04:00:00Z'))).toBe('2026-07-15');
  });
});

describe('easternDayStart', () => {
  it.each([
    ['2026-01-15', '2026-01-15T05:00:00.000Z'],
    ['2026-07-04', '2026-07-04T04:00:00.000Z'],
    ['2026-03-08', '2026-03-08T05:00:00.000Z'], // switch day starts in EST
    ['2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', '2026-11-01T04:00:00.000Z'], // switch day starts in EDT
    ['2026-11-02', '2026-11-02T05:00:00.000Z'],
  ])('Eastern midnight of %s is %s', (day, iso) => expect(easternDayStart(day).toISOString()).toBe(iso));

  it('starts every day of 2025-2027 exactly at its first Eastern instant', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const start = easternDayStart(day);
      const ok = easternDay(start) === day && easternDay(new Date(start.getTime() - 1)) !== day;
      if (!ok || formatEastern(start, 'HH:mm:ss') !== '00:00:00') wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  it.each(['2026-02-30', '2026-13-01', 'x', ''])('throws for the invalid day %j', (day) => {
    expect(() => easternDayStart(day)).toThrow('Invalid day');
  });
});

describe('constants', () => {
  it('names the zone, the note, the clock tick and the world clock', () => {
    expect(EASTERN_TZ).toBe('America/New_York');
    expect(EASTERN_NOTE).toBe('All stats pages show EST/EDT(USA) time zone');
    expect(CLOCK_TICK_MS).toBe(1000);
    expect(WORLD_CLOCK_URL).toMatch(/^https:\/\/.+new-york/);
  });
});
