import { describe, expect, it } from 'vitest';
import { AVP_UPPER_BOUND, avpFilterLabel, avpPeriodHeading, weekOf, ZAvpPeriod } from './avp';

describe('avpPeriodHeading', () => {
  it.each([
    [{ index: 0, from: 0, to: 0 }, '0 sales'],
    [{ index: 0, from: 0, to: 5000 }, '0 sales'],
    [{ index: 1, from: 1, to: 9 }, '1-9 sales'],
    [{ index: 2, from: 10, to: 999 }, '10-999 sales'],
    [{ index: 3, from: 50, to: 1000 }, '50+'],
    [{ index: 4, from: 100, to: 99999 }, '100+'],
  ])('%j reads %s', (range, heading) => expect(avpPeriodHeading(range)).toBe(heading));

  it('bounds ranges at 1000', () => {
    expect(AVP_UPPER_BOUND).toBe(1000);
  });
});

describe('avpFilterLabel', () => {
  it.each([
    [{ index: 0, from: 0, to: 0 }, 'NO'],
    [{ index: 1, from: 1, to: 9 }, 'NO'],
    [{ index: 2, from: 10, to: 19 }, '10 - 19'],
    [{ index: 3, from: 20, to: 999 }, '20 - 999'],
    [{ index: 4, from: 50, to: 1000 }, '50+'],
    [{ index: 5, from: 60, to: 1500 }, '60+'],
  ])('%j reads %s', (range, label) => expect(avpFilterLabel(range)).toBe(label));
});

describe('ZAvpPeriod', () => {
  it('normalises payouts given as numbers or decimal strings to 2-decimal strings', () => {
    expect(ZAvpPeriod.parse({ index: 2, from: 10, to: 19, payoutPhp: 12.5, payoutDollars: '3' })).toEqual({
      index: 2,
      from: 10,
      to: 19,
      payoutPhp: '12.50',
      payoutDollars: '3.00',
    });
    expect(
      ZAvpPeriod.parse({ index: 1, from: 1, to: 9, payoutPhp: ' 1.005 ', payoutDollars: 0 }),
    ).toMatchObject({
      payoutPhp: '1.01',
      payoutDollars: '0.00',
    });
  });

  it('keeps a missing payout (pesos and/or dollars) as null', () => {
    expect(ZAvpPeriod.parse({ index: 0, from: 0, to: 0, payoutPhp: null })).toMatchObject({
      payoutPhp: null,
      payoutDollars: null,
    });
  });

  it.each([
    { index: 1, from: 1, to: 9, payoutPhp: -1 },
    { index: 1, from: 1, to: 9, payoutPhp: '-1.00' },
    { index: 1, from: 1, to: 9, payoutPhp: 'ten' },
    { index: 1, from: 1, to: 9, payoutDollars: '' },
    { index: 1.5, from: 1, to: 9 },
    { index: 1, from: -1, to: 9 },
    { from: 1, to: 9 },
  ])('rejects %j', (input) => expect(ZAvpPeriod.safeParse(input).success).toBe(false));
});

describe('weekOf', () => {
  it('gives the Sunday-to-Saturday week of a day', () => {
    expect(weekOf('2026-03-11')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(weekOf('2026-03-08')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(weekOf('2026-03-14')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
  });

  it('reads an instant in Eastern time', () => {
    expect(weekOf(new Date('2026-03-15T02:00:00Z'))).toEqual({ start: '2026-03-08', end: '2026-03-14' }); // Sat 22:00 EDT
    expect(weekOf(new Date('2026-03-15T04:00:00Z'))).toEqual({ start: '2026-03-15', end: '2026-03-21' }); // Sun 00:00 EDT
  });

  it('throws for an invalid day', () => {
    expect(() => weekOf('2026-02-30')).toThrow('Invalid day');
  });
});
