import { describe, expect, it } from 'vitest';
import { Role } from './common';
import type { TStatsRow } from './stats';
import {
  formatStatsCell,
  formatStatsCsvCell,
  pageTotal,
  statsColumns,
  statsCsvHeader,
  type StatsColumnsOptions,
  type TStatsColumn,
} from './stats-columns';

const col = (format: TStatsColumn['format'], header = 'H'): TStatsColumn => ({
  id: 'x',
  header,
  format,
  value: () => null,
});

describe('report cells on screen and in the CSV', () => {
  it.each([
    ['price', '12141', '$12,141.00', '12141.00'],
    ['price', '-3.5', '-$3.50', '-3.50'],
    ['price', '-0.001', '$0.00', '0.00'],
    ['peso', '-1200.50', '-₱1,200.5', '-1200.5'],
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

describe('reversal, held and adjustment columns', () => {
  const result: StatsColumnsOptions['result'] = {
    groupBy: 'agent',
    types: [],
    useApproveSale: false,
    hasBonus: false,
    earningVisible: false,
    payoutVisible: true,
    lppVisible: false,
  };
  const ids = (o: Partial<StatsColumnsOptions>) =>
    statsColumns({ kind: 'sites-payout', role: Role.Admin, showUniques: false, result, ...o }).map(
      (c) => c.id,
    );

  it('follow the payout; dollars only with earnings; no adjustments on the AVP pages', () => {
    expect(ids({})).toEqual([
      'officeName',
      'agent',
      'raws',
      'sales',
      'payout',
      'reversals',
      'reversalPayout',
      'held',
      'heldPayout',
      'adjustPayout',
    ]);
    expect(ids({ result: { ...result, earningVisible: true } })).toEqual(
      expect.arrayContaining(['reversalEarn', 'heldEarn', 'adjustEarn']),
    );
    const avp = ids({ kind: 'sites-payout-avp' });
    expect(avp).toContain('reversalPayout');
    expect(avp).not.toContain('adjustPayout');
    expect(ids({ kind: 'sites', result: { ...result, groupBy: 'detail' } })).toEqual(
      expect.arrayContaining(['sitename', 'typename', 'recordType', 'status']),
    );
  });

  it('total negative amounts exactly and name the record type and status of a detail row', () => {
    const cols = statsColumns({
      kind: 'sites',
      role: Role.Agent,
      showUniques: false,
      result: { ...result, groupBy: 'detail' },
    });
    const col = (id: string) => cols.find((c) => c.id === id) as TStatsColumn;
    const rows = [
      { reversalPayout: '-100.35', recordType: 4, status: 'approved' },
      { reversalPayout: '-0.10', recordType: 0, status: 'reversed' },
    ] as TStatsRow[];
    expect(pageTotal(col('reversalPayout'), rows, 'sites')).toBe('-100.45');
    expect(formatStatsCell(col('reversalPayout'), '-100.45')).toBe('-₱100.45');
    expect(rows.map((r) => col('recordType').value(r))).toEqual(['Chargeback', 'Sale']);
    expect(rows.map((r) => col('status').value(r))).toEqual(['Approved', 'Reversed']);
    expect(statsCsvHeader(col('reversalPayout'))).toBe('Reversed (₱)');
  });
});
