import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { easternDay } from './eastern';
import { addDays } from './period';
import {
  chartPresets,
  dayHints,
  defaultChartPreset,
  defaultWeeklyPeriod,
  endHints,
  fiftyTwoWeekHints,
  halfMonthHints,
  halfMonthOf,
  matchHint,
  monthHints,
  payoutPeriodHints,
  startHints,
  stepHalfMonth,
  TOP_AGENTS_OFFICE_GROUPING_MS,
  topAgentsGroupBy,
  weeklyExHints,
  weeklyHints,
  yearHints,
  type TPeriodHint,
} from './period-hints';

// Saturday 2026-03-14 22:00 EDT; in UTC it is already Sunday, the start of a new week.
const NOW = new Date('2026-03-15T02:00:00Z');
// Thursday 2026-12-31 22:00 EST; in UTC it is already 2027.
const NEW_YEARS_EVE = new Date('2027-01-01T03:00:00Z');

const span = (h: { start: string; end: string }) => [h.start, h.end];
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Each period ends the day before the previous (newer) one starts. */
function expectContiguous(hints: { start: string; end: string }[]) {
  hints.slice(1).forEach((older, i) => expect(addDays(older.end, 1)).toBe(hints[i].start));
}

describe('dayHints', () => {
  it('lists Today and Yesterday of the Eastern day', () => {
    expect(dayHints(NOW)).toEqual([
      { heading: 'Today', start: '2026-03-14', end: '2026-03-14', length: 'day' },
      { heading: 'Yesterday', start: '2026-03-13', end: '2026-03-13', length: 'day' },
    ]);
  });

  it('defaults to the current time', () => {
    expect(dayHints()[0].start).toBe(easternDay(new Date()));
  });
});

describe('weeklyHints', () => {
  it('lists This week, Last week, then [W] weeks back to 11 weeks ago', () => {
    const hints = weeklyHints(undefined, undefined, NOW);
    expect(hints).toHaveLength(12);
    expect(hints[0]).toEqual({
      heading: 'This week',
      start: '2026-03-08',
      end: '2026-03-14',
      length: 'week',
    });
    expect(hints[1]).toEqual({
      heading: 'Last week',
      start: '2026-03-01',
      end: '2026-03-07',
      length: 'week',
    });
    expect(hints[2].heading).toBe('[W] 2026-02-22 - 2026-02-28');
    expect(span(hints[11])).toEqual(['2025-12-21', '2025-12-27']);
    expectContiguous(hints);
  });

  it('runs Sunday to Saturday weeks', () => {
    for (const h of weeklyHints(12, 0, NOW)) {
      expect([weekday(h.start), weekday(h.end), h.length]).toEqual([0, 6, 'week']);
    }
  });

  it('reads now in Eastern time, so Sunday 01:00 Eastern starts a new week', () => {
    expect(span(weeklyHints(1, 0, new Date('2026-03-15T05:00:00Z'))[0])).toEqual([
      '2026-03-15',
      '2026-03-21',
    ]);
  });

  it('takes counts of weeks and of half-months, weeks first', () => {
    const hints = weeklyHints(50, 27, NOW);
    expect(hints).toHaveLength(77);
    expect(hints.slice(0, 50).every((h) => h.length === 'week')).toBe(true);
    expect(span(hints[49])).toEqual([addDays('2026-03-08', -49 * 7), addDays('2026-03-14', -49 * 7)]);
    const halves = hints.slice(50);
    expect(halves[0]).toEqual({
      heading: '[2W] 2026-03-01 - 2026-03-15',
      start: '2026-03-01',
      end: '2026-03-15',
      length: 'beWeek',
    });
    expect(halves[1].heading).toBe('[2W] 2026-02-16 - 2026-02-28');
    expect(span(halves[26])).toEqual(['2025-02-01', '2025-02-15']);
    expectContiguous(halves);
  });

  it('gives the weekly-ex list (50 weeks, 27 half-months) by name', () => {
    expect(weeklyExHints(NOW)).toEqual(weeklyHints(50, 27, NOW));
  });

  it('gives nothing for zero counts', () => {
    expect(weeklyHints(0, 0, NOW)).toEqual([]);
    expect(halfMonthHints(0, NOW)).toEqual([]);
  });
});

describe('half-months', () => {
  it.each([
    ['2026-03-01', '2026-03-01', '2026-03-15'],
    ['2026-03-15', '2026-03-01', '2026-03-15'],
    ['2026-03-16', '2026-03-16', '2026-03-31'],
    ['2026-02-20', '2026-02-16', '2026-02-28'],
    ['2024-02-20', '2024-02-16', '2024-02-29'],
    ['2026-04-30', '2026-04-16', '2026-04-30'],
  ])('%s lies in %s..%s', (day, start, end) => {
    expect(halfMonthOf(day)).toEqual({ start, end, length: 'beWeek' });
  });

  it('steps forward and back across months and years', () => {
    const first = halfMonthOf('2026-12-01');
    const second = stepHalfMonth(first, 1);
    expect(span(second)).toEqual(['2026-12-16', '2026-12-31']);
    expect(span(stepHalfMonth(second, 1))).toEqual(['2027-01-01', '2027-01-15']);
    expect(stepHalfMonth(second, -1)).toEqual(first);
    expect(span(stepHalfMonth(halfMonthOf('2026-01-05'), -1))).toEqual(['2025-12-16', '2025-12-31']);
  });

  it.each(['day', 'week', 'month', 'year'] as const)('refuses a %s period', (length) => {
    expect(() => stepHalfMonth({ start: '2026-03-01', end: '2026-03-07', length }, 1)).toThrow(
      'Only for beWeek periods',
    );
  });

  it('lists the current half-month first, even on the last day of the year in Eastern time', () => {
    expect(span(halfMonthHints(1, NEW_YEARS_EVE)[0])).toEqual(['2026-12-16', '2026-12-31']);
  });
});

describe('monthHints', () => {
  it("lists This month, Last month, then 'MMMM YYYY' back to 12 months ago", () => {
    const hints = monthHints(NOW);
    expect(hints).toHaveLength(13);
    expect(hints[0]).toEqual({
      heading: 'This month',
      start: '2026-03-01',
      end: '2026-03-31',
      length: 'month',
    });
    expect(hints[1]).toEqual({
      heading: 'Last month',
      start: '2026-02-01',
      end: '2026-02-28',
      length: 'month',
    });
    expect(hints[2].heading).toBe('January 2026');
    expect(hints[12]).toEqual({
      heading: 'March 2025',
      start: '2025-03-01',
      end: '2025-03-31',
      length: 'month',
    });
    expectContiguous(hints);
  });
});

describe('yearHints', () => {
  it('lists This year and Last year of the Eastern day', () => {
    expect(yearHints(NEW_YEARS_EVE)).toEqual([
      { heading: 'This year', start: '2026-01-01', end: '2026-12-31', length: 'year' },
      { heading: 'Last year', start: '2025-01-01', end: '2025-12-31', length: 'year' },
    ]);
  });
});

describe('fiftyTwoWeekHints', () => {
  it('runs from Last week back to the week 52 weeks ago', () => {
    const hints = fiftyTwoWeekHints(NOW);
    expect(hints).toHaveLength(52);
    expect(hints[0]).toEqual({
      heading: 'Last week',
      start: '2026-03-01',
      end: '2026-03-07',
      length: 'week',
    });
    expect(hints[1].heading).toBe('[W] 2026-02-22 - 2026-02-28');
    expect(span(hints[51])).toEqual(['2025-03-09', '2025-03-15']);
    expectContiguous(hints);
  });
});

describe('payoutPeriodHints', () => {
  it('combines days, 12 weeks, 6 half-months, 13 months and 2 years', () => {
    const hints = payoutPeriodHints(NOW);
    const repeat = (length: string, count: number) => Array<string>(count).fill(length);
    expect(hints.map((h) => h.length)).toEqual([
      ...repeat('day', 2),
      ...repeat('week', 12),
      ...repeat('beWeek', 6),
      ...repeat('month', 13),
      ...repeat('year', 2),
    ]);
    expect(hints[0].heading).toBe('Today');
    expect(hints.at(-1)?.heading).toBe('Last year');
  });

  it('has no two hints with the same range, so matchHint is unambiguous', () => {
    const ranges = payoutPeriodHints(NOW).map((h) => `${h.start},${h.end}`);
    expect(new Set(ranges).size).toBe(ranges.length);
  });
});

describe('matchHint', () => {
  const hints = payoutPeriodHints(NOW);

  it('re-selects the hint with exactly the chosen dates', () => {
    expect(matchHint(hints, '2026-03-08', '2026-03-14')?.heading).toBe('This week');
    expect(matchHint(hints, '2026-03-14', '2026-03-14')?.heading).toBe('Today');
    expect(matchHint(hints, '2026-03-01', '2026-03-15')?.heading).toBe('[2W] 2026-03-01 - 2026-03-15');
  });

  it('clears the hint when no range matches', () => {
    expect(matchHint(hints, '2026-03-08', '2026-03-13')).toBeUndefined();
    expect(matchHint(hints, undefined, '2026-03-14')).toBeUndefined();
    expect(matchHint(hints, null, null)).toBeUndefined();
  });
});

describe('startHints and endHints (weekly-ex pickers)', () => {
  const hints: TPeriodHint[] = weeklyHints(3, 0, NOW); // 03-08..03-14, 03-01..03-07, 02-22..02-28

  it('offers as start only periods starting before the current end', () => {
    expect(startHints(hints, '2026-03-08').map((h) => h.start)).toEqual(['2026-03-01', '2026-02-22']);
    expect(startHints(hints, '2026-03-09').map((h) => h.start)).toEqual([
      '2026-03-08',
      '2026-03-01',
      '2026-02-22',
    ]);
  });

  it('offers as end only periods ending after the current start', () => {
    expect(endHints(hints, '2026-03-07').map((h) => h.end)).toEqual(['2026-03-14']);
    expect(endHints(hints, '2026-03-06').map((h) => h.end)).toEqual(['2026-03-14', '2026-03-07']);
  });

  it('offers every period while the other end is empty', () => {
    expect(startHints(hints, undefined)).toEqual(hints);
    expect(endHints(hints, '')).toEqual(hints);
  });
});

describe('chartPresets', () => {
  it('lists the seven presets; Last 12 days spans today and the 7 days before', () => {
    expect(chartPresets(NOW)).toEqual([
      { heading: 'Last 12 days', start: '2026-03-07', end: '2026-03-14', groupBy: 'day' },
      { heading: 'This week', start: '2026-03-08', end: '2026-03-14', groupBy: 'day' },
      { heading: 'Prev week', start: '2026-03-01', end: '2026-03-07', groupBy: 'day' },
      { heading: 'This month', start: '2026-03-01', end: '2026-03-31', groupBy: 'day' },
      { heading: 'Prev month', start: '2026-02-01', end: '2026-02-28', groupBy: 'day' },
      { heading: 'This year', start: '2026-01-01', end: '2026-12-31', groupBy: 'month' },
      { heading: 'Prev year', start: '2025-01-01', end: '2025-12-31', groupBy: 'month' },
    ]);
  });

  it('defaults to the second-to-last preset', () => {
    expect(defaultChartPreset(NOW)).toEqual(chartPresets(NOW)[5]);
    expect(defaultChartPreset(NOW).heading).toBe('This year');
  });

  it('follows the Eastern day across New Year', () => {
    const presets = chartPresets(NEW_YEARS_EVE);
    expect(span(presets[0])).toEqual(['2026-12-24', '2026-12-31']);
    expect(span(presets[4])).toEqual(['2026-11-01', '2026-11-30']);
    expect(span(presets[5])).toEqual(['2026-01-01', '2026-12-31']);
  });
});

describe('defaultWeeklyPeriod', () => {
  it('is the first weekly hint', () => {
    expect(defaultWeeklyPeriod(NOW)).toEqual(weeklyHints(undefined, undefined, NOW)[0]);
    expect(defaultWeeklyPeriod(NOW).heading).toBe('This week');
  });
});

describe('topAgentsGroupBy', () => {
  it('switches to office grouping over 7 days (604800000 ms)', () => {
    expect(TOP_AGENTS_OFFICE_GROUPING_MS).toBe(7 * 24 * 3600 * 1000);
    expect(topAgentsGroupBy('2026-03-08', '2026-03-14')).toBe('agent');
    expect(topAgentsGroupBy('2026-03-01', '2026-03-08')).toBe('agent');
    expect(topAgentsGroupBy('2026-03-01', '2026-03-09')).toBe('company');
    expect(topAgentsGroupBy('2026-03-01', '2026-03-31')).toBe('company');
  });

  it('counts calendar days, so a daylight-saving switch does not change the grouping', () => {
    expect(topAgentsGroupBy('2026-03-05', '2026-03-12')).toBe('agent');
    expect(topAgentsGroupBy('2026-10-29', '2026-11-05')).toBe('agent');
  });

  it('takes instants too', () => {
    const start = new Date('2026-03-01T05:00:00Z');
    expect(topAgentsGroupBy(start, new Date(start.getTime() + TOP_AGENTS_OFFICE_GROUPING_MS))).toBe('agent');
    expect(topAgentsGroupBy(start, new Date(start.getTime() + TOP_AGENTS_OFFICE_GROUPING_MS + 1))).toBe(
      'company',
    );
  });
});

describe('week start', () => {
  it("uses the date library's default start of week (Sunday)", () => {
    expect(dayjs('2026-03-11').startOf('week').day()).toBe(0);
  });
});
