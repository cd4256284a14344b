import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addDays,
  CHART_GROUP_BY,
  checkPeriod,
  DATE_RANGE_INVALID,
  decodeChartRange,
  decodePeriodValue,
  encodeChartRange,
  encodePeriodValue,
  formatPeriod,
  isDateRangeValid,
  isDateString,
  parsePeriod,
  PERIOD_LENGTHS,
  periodFields,
  periodFromJson,
  periodToJson,
  ZDateString,
  ZPeriod,
} from './period';

describe('isDateString', () => {
  it.each(['2026-02-28', '2024-02-29', '2026-12-31', '2000-02-29'])('accepts %s', (s) => {
    expect(isDateString(s)).toBe(true);
  });
  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-1-01',
    '26-01-01',
    '2026-01-01T00:00',
    '',
    null,
    undefined,
    20260101,
  ])('rejects %j', (s) => expect(isDateString(s)).toBe(false));
});

describe('addDays', () => {
  it('steps calendar days across months, years and daylight-saving switches', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('formatPeriod and parsePeriod', () => {
  it("shows both dates with ' - '", () => {
    expect(formatPeriod({ start: '2026-03-01', end: '2026-03-15' })).toBe('2026-03-01 - 2026-03-15');
  });

  it('parses what it formats, tolerating spaces around the dates', () => {
    expect(parsePeriod('2026-03-01 - 2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(parsePeriod(' 2026-03-01  -  2026-03-15 ')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
  });

  it.each([
    '2026-02-30 - 2026-03-15',
    '2026-03-01 - 2026-03-32',
    '2026-03-01',
    '2026-03-01 - ',
    'a - b',
    '',
    null,
    undefined,
  ])('gives nothing when either date is invalid: %j', (s) => expect(parsePeriod(s)).toBeUndefined());
});

describe('JSON form', () => {
  it('converts to { start, end } and back', () => {
    const period = { start: '2026-03-01', end: '2026-03-15' };
    const json = JSON.parse(JSON.stringify(periodToJson(period)));
    expect(json).toEqual(period);
    expect(periodFromJson(json)).toEqual(period);
  });

  it('drops extra fields', () => {
    expect(periodToJson({ start: '2026-03-01', end: '2026-03-02', length: 'day' } as never)).toEqual({
      start: '2026-03-01',
      end: '2026-03-02',
    });
  });

  it.each([
    null,
    undefined,
    'x',
    {},
    { start: '2026-03-01' },
    { start: '2026-03-01', end: '2026-02-30' },
    { start: 1, end: 2 },
  ])('gives nothing for %j', (json) => expect(periodFromJson(json)).toBeUndefined());
});

describe('isDateRangeValid', () => {
  it('accepts start before or equal to end', () => {
    expect(isDateRangeValid('2026-03-01', '2026-03-15')).toBe(true);
    expect(isDateRangeValid('2026-03-01', '2026-03-01')).toBe(true);
    expect(isDateRangeValid('2025-12-31', '2026-01-01')).toBe(true);
  });

  it('rejects a missing start, a missing end or a start after the end', () => {
    expect(isDateRangeValid(undefined, '2026-03-15')).toBe(false);
    expect(isDateRangeValid('2026-03-01', undefined)).toBe(false);
    expect(isDateRangeValid(null, null)).toBe(false);
    expect(isDateRangeValid('', '2026-03-15')).toBe(false);
    expect(isDateRangeValid('2026-03-16', '2026-03-15')).toBe(false);
    expect(isDateRangeValid('2026-02-30', '2026-03-15')).toBe(false);
  });

  it('has the message of the date range control', () => {
    expect(DATE_RANGE_INVALID).toBe('Date Range is not valid');
  });
});

describe('period value string', () => {
  it.each(PERIOD_LENGTHS)("round-trips 'start,end,%s'", (length) => {
    const value = { start: '2026-03-01', end: '2026-03-15', length };
    expect(encodePeriodValue(value)).toBe(`2026-03-01,2026-03-15,${length}`);
    expect(decodePeriodValue(encodePeriodValue(value))).toEqual(value);
  });

  it.each([
    '2026-03-01,2026-03-15,fortnight',
    '2026-03-01,2026-03-15',
    '2026-03-01,2026-02-30,week',
    '2026-03-01,2026-03-15,week,x',
    '',
    null,
  ])('rejects %j', (s) => expect(decodePeriodValue(s)).toBeUndefined());

  it('knows the five period lengths', () => {
    expect(PERIOD_LENGTHS).toEqual(['day', 'week', 'beWeek', 'month', 'year']);
  });
});

describe('chart range value string', () => {
  it.each(CHART_GROUP_BY)("round-trips 'start,end,%s'", (groupBy) => {
    const value = { start: '2026-01-01', end: '2026-12-31', groupBy };
    expect(encodeChartRange(value)).toBe(`2026-01-01,2026-12-31,${groupBy}`);
    expect(decodeChartRange(encodeChartRange(value))).toEqual(value);
  });

  it.each([
    '2026-01-01,2026-12-31,week',
    '2026-01-01,2026-12-31',
    'x,2026-12-31,day',
    '2026-01-01,2026-12-31,day,1',
    undefined,
  ])('rejects %j', (s) => expect(decodeChartRange(s)).toBeUndefined());

  it('groups by day or month', () => {
    expect(CHART_GROUP_BY).toEqual(['day', 'month']);
  });
});

describe('zod schemas', () => {
  it('ZDateString accepts only real days', () => {
    expect(ZDateString.parse('2024-02-29')).toBe('2024-02-29');
    expect(ZDateString.safeParse('2026-02-29').success).toBe(false);
    expect(ZDateString.safeParse('2026-03-01T00:00:00Z').success).toBe(false);
  });

  it('ZPeriod accepts a range whose start is not after its end', () => {
    expect(ZPeriod.parse({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
    });
  });

  it("ZPeriod reports 'Date Range is not valid' on end when start is after end", () => {
    const result = ZPeriod.safeParse({ start: '2026-03-02', end: '2026-03-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['end'], message: DATE_RANGE_INVALID }),
    ]);
  });

  it.each([{ end: '2026-03-01' }, { start: '2026-03-01' }, { start: '2026-02-30', end: '2026-03-01' }])(
    "ZPeriod reports 'Date Range is not valid' for a missing or invalid day: %j",
    (input) => {
      const result = ZPeriod.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([DATE_RANGE_INVALID]);
    },
  );

  it('periodFields and checkPeriod compose into larger criteria schemas', () => {
    const ZCriteria = z.object({ ...periodFields, siteId: z.number().optional() }).superRefine(checkPeriod);
    expect(ZCriteria.safeParse({ start: '2026-03-01', end: '2026-03-31', siteId: 1 }).success).toBe(true);
    expect(ZCriteria.safeParse({ start: '2026-04-01', end: '2026-03-31' }).error?.issues[0].message).toBe(
      DATE_RANGE_INVALID,
    );
  });
});

describe('ZDateString', () => {
  it('takes real days from 1970 to 2999 only', async () => {
    const { ZDateString } = await import('./period');
    expect(ZDateString.safeParse('2026-11-22').success).toBe(true);
    for (const bad of ['0000-01-01', '1969-12-31', '3000-01-01', '2026-02-30', '2026-1-1'])
      expect(ZDateString.safeParse(bad).success).toBe(false);
  });
});
