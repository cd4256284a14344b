import { describe, expect, it } from 'vitest';
import {
  bonusRatio,
  changePercent,
  NO_CHANGE,
  formatAccountStatus,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatCount,
  formatCounted,
  formatDomainHidden,
  formatLabel,
  formatPercent,
  formatPeso,
  formatPrice,
  formatRole,
  formatSignedPercent,
  formatUniqueRatio,
  groupThousands,
  officeProgress,
  pesoAmount,
  priceAmount,
  ROLE_LABELS,
  rowNumber,
} from './format';

describe('formatDecimal', () => {
  it.each([
    [1.005, 2, '1.01'],
    ['1.005', 2, '1.01'],
    [0.1 + 0.2, 2, '0.30'],
    ['9.995', 2, '10.00'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    ['-0.004', 2, '0.00'],
    ['.5', 2, '0.50'],
    ['5.', 2, '5.00'],
    ['+1.2', 2, '1.20'],
    [' 7 ', 1, '7.0'],
    ['1e3', 2, '1000.00'],
    [1e-7, 2, '0.00'],
    [1e21, 2, '1000000000000000000000.00'],
    ['123456789012345678901.235', 2, '123456789012345678901.24'],
  ])('rounds %s to %s places as %s', (v, digits, out) => {
    expect(formatDecimal(v, digits)).toBe(out);
  });

  it.each([null, undefined, '', 'abc', '12abc', NaN, Infinity, '0x10'])('reads %s as 0', (v) => {
    expect(formatDecimal(v, 2)).toBe('0.00');
  });
});

describe('formatPrice', () => {
  it.each([
    [0, '$0.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    ['0', '$0.00'],
    ['12.50', '$12.50'],
    [12.5, '$12.50'],
    [3, '$3.00'],
    ['1234567.891', '$1,234,567.89'],
    ['12141', '$12,141.00'],
    ['999.999', '$1,000.00'],
    ['-12141.5', '-$12,141.50'],
    ['999.99', '$999.99'],
    [-12.5, '-$12.50'],
    ['-3', '-$3.00'],
    ['-0.001', '$0.00'],
    ['1.005', '$1.01'],
    ['not a number', '$0.00'],
  ])('%s -> %s', (v, out) => expect(formatPrice(v)).toBe(out));
});

describe('formatPeso', () => {
  it.each([
    [0, '₱0'],
    [null, '₱0'],
    ['0.00', '₱0'],
    [12.5, '₱12.5'],
    ['12.50', '₱12.5'],
    [1200, '₱1,200'],
    ['1200.00', '₱1,200'],
    ['198845', '₱198,845'],
    ['-1234567.5', '-₱1,234,567.5'],
    ['999', '₱999'],
    [-7.25, '-₱7.25'],
    ['-0.001', '₱0'],
    [3.456, '₱3.46'],
    ['0.004', '₱0'],
    ['10.10', '₱10.1'],
  ])('%s -> %s', (v, out) => expect(formatPeso(v)).toBe(out));
});

describe('thousands separators', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['12141.00', '12,141.00'],
    ['-1234567.891', '-1,234,567.891'],
    ['123456789012345678901.24', '123,456,789,012,345,678,901.24'],
    ['0.12345', '0.12345'],
  ])('groupThousands %s -> %s', (v, out) => expect(groupThousands(v)).toBe(out));

  it.each([
    [0, '0'],
    [null, '0'],
    ['abc', '0'],
    [999, '999'],
    [1520, '1,520'],
    ['1520', '1,520'],
    [1234567, '1,234,567'],
    [-4200, '-4,200'],
  ])('formatCount %s -> %s', (v, out) => expect(formatCount(v)).toBe(out));
});

describe('plain amounts for spreadsheets', () => {
  it.each([
    ['12141', '12141.00'],
    ['-12141.5', '-12141.50'],
    [null, '0.00'],
    ['1.005', '1.01'],
  ])('priceAmount %s -> %s', (v, out) => expect(priceAmount(v)).toBe(out));

  it.each([
    ['198845.00', '198845'],
    ['-7.25', '-7.25'],
    ['-0.001', '0'],
    ['12.50', '12.5'],
    [0, '0'],
  ])('pesoAmount %s -> %s', (v, out) => expect(pesoAmount(v)).toBe(out));
});

describe('percentages', () => {
  it.each([
    [12.5, '12.50%'],
    [0, '0.00%'],
    [-3, '-3.00%'],
    [100 / 3, '33.33%'],
    ['45.678', '45.68%'],
    [null, '0.00%'],
  ])('formatPercent %s -> %s', (v, out) => expect(formatPercent(v)).toBe(out));

  it.each([
    [12.5, '+12.50%'],
    [-3, '-3.00%'],
    [0, '0%'],
    [-0, '0%'],
    [0.001, '0%'],
    [-0.004, '0%'],
    [0.005, '+0.01%'],
    [null, '0%'],
    ['-50', '-50.00%'],
  ])('formatSignedPercent %s -> %s', (v, out) => expect(formatSignedPercent(v)).toBe(out));
});

describe('formatLabel', () => {
  it('replaces every underscore and hyphen with a space', () => {
    expect(formatLabel('bonus_payout')).toBe('bonus payout');
    expect(formatLabel('day-one_sale__x')).toBe('day one sale  x');
    expect(formatLabel('plain')).toBe('plain');
    expect(formatLabel(null)).toBe('');
  });
});

describe('formatDate and formatDateTime (America/New_York)', () => {
  it('shows the Eastern day of an instant', () => {
    expect(formatDate(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30'); // EDT, 23:30 the day before
    expect(formatDate(new Date('2026-01-01T04:59:59Z'))).toBe('2025-12-31'); // EST
    expect(formatDate(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(formatDate('2026-11-01T05:30:00Z')).toBe('2026-11-01');
    expect(formatDate(Date.UTC(2026, 6, 4, 12))).toBe('2026-07-04');
  });

  it('passes a plain day through and gives empty text for nothing or garbage', () => {
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('garbage')).toBe('');
    expect(formatDate(new Date(NaN))).toBe('');
  });

  it("shows 'YYYY-MM-DD (HH:mm)' in Eastern time on both sides of daylight saving", () => {
    expect(formatDateTime(new Date('2026-11-21T05:15:02Z'))).toBe('2026-11-21 (00:15)');
    expect(formatDateTime(new Date('2026-07-04T16:00:00Z'))).toBe('2026-07-04 (12:00)');
    expect(formatDateTime('2026-03-08T07:00:00Z')).toBe('2026-03-08 (03:00)');
    expect(formatDateTime('2026-03-08T06:59:00Z')).toBe('2026-03-08 (01:59)');
    expect(formatDateTime('2026-03-05')).toBe('2026-03-05 (00:00)');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('ratios and row numbers', () => {
  it("shows uniques per sale as '1:{value}' with at most 2 decimals", () => {
    expect(formatUniqueRatio(10, 4)).toBe('1:2.5');
    expect(formatUniqueRatio(10, 3)).toBe('1:3.33');
    expect(formatUniqueRatio(8, 4)).toBe('1:2');
    expect(formatUniqueRatio(0, 5)).toBe('1:0');
  });

  it("shows '1:0' when there are no sales", () => {
    expect(formatUniqueRatio(5, 0)).toBe('1:0');
    expect(formatUniqueRatio(5, null)).toBe('1:0');
  });

  it('gives the bonus ratio 100*bonusSales/sales, 0 without sales, 100 on payroll pages', () => {
    expect(bonusRatio(5, 20)).toBe(25);
    expect(bonusRatio(3, 10, true)).toBe(30);
    expect(bonusRatio(0, 0)).toBe(0);
    expect(bonusRatio(3, 0)).toBe(0);
    expect(bonusRatio(0, 0, true)).toBe(100);
    expect(bonusRatio(null, null, true)).toBe(100);
  });

  it('gives office progress in percent of the second period', () => {
    expect(officeProgress(15, 10)).toBe(50);
    expect(officeProgress(5, 10)).toBe(-50);
    expect(officeProgress(10, 10)).toBe(0);
    expect(officeProgress(3, 0)).toBe(100);
    expect(officeProgress(0, 0)).toBe(0);
    expect(officeProgress(0, 4)).toBe(-100);
  });

  it('numbers rows as (page-1)*pageSize+index+1', () => {
    expect(rowNumber(1, 50, 0)).toBe(1);
    expect(rowNumber(1, 50, 49)).toBe(50);
    expect(rowNumber(3, 50, 4)).toBe(105);
  });
});

describe('roles and statuses', () => {
  it.each([
    [0, 'Superadmin'],
    [5, 'Admin'],
    [10, 'Company'],
    [20, 'Agent'],
    [15, 'role'],
    [-1, 'role'],
    [1.5, 'role'],
  ])('formatRole(%s) is %s', (role, label) => expect(formatRole(role)).toBe(label));

  it('keeps the labels of the four role levels', () => {
    expect(ROLE_LABELS).toEqual({ 0: 'Superadmin', 5: 'Admin', 10: 'Company', 20: 'Agent' });
  });

  it("shows 'Activated' or 'Suspended' with ' (Hidden)' when hidden", () => {
    expect(formatAccountStatus(true)).toBe('Activated');
    expect(formatAccountStatus(false)).toBe('Suspended');
    expect(formatAccountStatus(true, false)).toBe('Activated');
    expect(formatAccountStatus(true, true)).toBe('Activated (Hidden)');
    expect(formatAccountStatus(false, true)).toBe('Suspended (Hidden)');
  });

  it("reads a domain's hidden flag as Hidden, Activated or Not Defined", () => {
    expect(formatDomainHidden(true)).toBe('Hidden');
    expect(formatDomainHidden(false)).toBe('Activated');
    expect(formatDomainHidden(null)).toBe('Not Defined');
    expect(formatDomainHidden(undefined)).toBe('Not Defined');
  });

  it.each([
    [0, 'sale', undefined, '0 sales'],
    [1, 'sale', undefined, '1 sale'],
    [3, 'sale', undefined, '3 sales'],
    [1200, 'IP', undefined, '1,200 IPs'],
    [1, 'agent was', 'agents were', '1 agent was'],
    [2, 'agent was', 'agents were', '2 agents were'],
  ])('formatCounted %s %s -> %s', (n, noun, plural, out) => expect(formatCounted(n, noun, plural)).toBe(out));
});

describe('changePercent', () => {
  it('computes the change on exact decimals, rounded half away from zero, — from nothing', () => {
    expect(changePercent('0.30', '0.10')).toBe('+200.00%');
    expect(changePercent('1.10', '1.00')).toBe('+10.00%');
    expect(changePercent('300.10', '200.10')).toBe('+49.98%');
    expect(changePercent(2, 3)).toBe('-33.33%');
    expect(changePercent(1, 8)).toBe('-87.50%');
    expect(changePercent('-5.00', '10.00')).toBe('-150.00%');
    expect(changePercent('10.00', '-5.00')).toBe('+300.00%');
    expect(changePercent(7, 7)).toBe('0%');
    expect(changePercent(5, 0)).toBe(NO_CHANGE);
    expect(changePercent('5.00', '0.00')).toBe(NO_CHANGE);
  });
});
