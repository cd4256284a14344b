import { describe, expect, it } from 'vitest';
import { formatStatsCell, formatStatsCsvCell, statsCsvHeader, type TStatsColumn } from './stats-columns';

const col = (format: TStatsColumn['format'], header = 'H'): TStatsColumn => ({
  id: 'x',
  header,
  format,
  value: () => null,
});

describe('report cells on screen and in the CSV', () => {
  it.each([
    ['price', '12141', '$12,141.00', '12141.00'],
    ['price', '-3.5', '$3.50', '-3.50'],
    ['peso', '198845.00', '₱198,845', '198845'],
    ['peso', '0', '₱0', '0'],
    ['count', 1520, '1,520', '1520'],
    ['count', 7, '7', '7'],
    ['percent', 33.3333, '33.33%', '33.33'],
    ['text', 'agent0', 'agent0', 'agent0'],
  ] as const)('%s %s: screen %s, CSV %s', (format, v, screen, csv) => {
    expect(formatStatsCell(col(format), v)).toBe(screen);
    expect(formatStatsCsvCell(col(format), v)).toBe(csv);
  });

  it('leaves an empty cell empty in both', () => {
    expect(formatStatsCell(col('count'), null)).toBe('');
    expect(formatStatsCsvCell(col('price'), undefined)).toBe('');
  });

  it('names the unit of bare numbers in the CSV header, once', () => {
    expect(statsCsvHeader(col('price', 'Earning'))).toBe('Earning ($)');
    expect(statsCsvHeader(col('peso', 'Bonus Payout'))).toBe('Bonus Payout (₱)');
    expect(statsCsvHeader(col('peso', 'AVP Payout (₱)'))).toBe('AVP Payout (₱)');
    expect(statsCsvHeader(col('percent', 'Bonus Ratio'))).toBe('Bonus Ratio (%)');
    expect(statsCsvHeader(col('count', 'Total Sales'))).toBe('Total Sales');
  });
});
