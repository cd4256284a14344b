import { describe, expect, it } from 'vitest';
import { Role } from './common';
import type { TStatsRow } from './stats';
import {
  formatStatsCell,
  formatStatsCsvCell,
  invalidBreakdown,
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
      'invalid',
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

describe('the Invalid column', () => {
  const result: StatsColumnsOptions['result'] = {
    groupBy: 'date',
    types: [],
    useApproveSale: false,
    hasBonus: false,
    earningVisible: false,
    payoutVisible: true,
    lppVisible: false,
  };
  const columns = (role: number, showUniques: boolean, groupBy: StatsColumnsOptions['result']['groupBy']) =>
    statsColumns({ kind: 'sites', role, showUniques, result: { ...result, groupBy } });
  const by = { BLACKLISTED_IP: 0, INTERNAL: 2, PREVIEW: 0, BOT: 5, HEAD: 0, DATACENTER: 0, REPEAT: 1 };

  it('follows Uniques (or Raws where the brand hides them) wherever clicks are shown, for every role', () => {
    for (const role of [Role.Superadmin, Role.Admin, Role.Company, Role.Agent]) {
      const ids = columns(role, true, 'date').map((c) => c.id);
      expect(ids.slice(ids.indexOf('raws'), ids.indexOf('raws') + 3)).toEqual(['raws', 'uniques', 'invalid']);
      const noUniques = columns(role, false, 'date').map((c) => c.id);
      expect(noUniques[noUniques.indexOf('raws') + 1]).toBe('invalid');
      expect(columns(role, true, 'detail').map((c) => c.id)).not.toContain('invalid');
    }
  });

  it('opens the reasons above zero, in the rules order, for admins only', () => {
    const row = { invalid: 8, invalidByReason: by } as unknown as TStatsRow;
    const invalid = (role: number) => columns(role, true, 'date').find((c) => c.id === 'invalid')!;
    expect(invalid(Role.Admin).value(row)).toBe(8);
    expect(invalid(Role.Admin).breakdown?.(row)).toEqual([
      { id: 'INTERNAL', label: 'Internal traffic', count: 2 },
      { id: 'BOT', label: 'Bot', count: 5 },
      { id: 'REPEAT', label: 'Repeat', count: 1 },
    ]);
    expect(invalid(Role.Superadmin).breakdown).toBe(invalidBreakdown);
    expect(invalid(Role.Company).breakdown).toBeUndefined();
    expect(invalid(Role.Agent).breakdown).toBeUndefined();
    expect(invalidBreakdown({ invalid: 3, invalidByReason: null } as unknown as TStatsRow)).toBeNull();
    expect(pageTotal(invalid(Role.Admin), [row, row], 'sites')).toBe(16);
  });
});

describe('Conv. % and EPC (issue 37)', () => {
  const result: StatsColumnsOptions['result'] = {
    groupBy: 'agent',
    types: [],
    useApproveSale: false,
    hasBonus: true,
    earningVisible: true,
    payoutVisible: true,
    lppVisible: false,
  };
  const cols = (o: Partial<StatsColumnsOptions> = {}) =>
    statsColumns({ kind: 'sites', role: Role.Superadmin, showUniques: true, result, ...o });
  const byId = (id: string) => cols().find((c) => c.id === id) as TStatsColumn;

  it('are per unique click, EPC only where the role sees that money, never on payroll or detail rows', () => {
    expect(cols().map((c) => c.id)).toEqual(expect.arrayContaining(['conv', 'epc', 'epcEarn']));
    expect(cols({ result: { ...result, earningVisible: false } }).map((c) => c.id)).not.toContain('epcEarn');
    expect(cols({ result: { ...result, payoutVisible: false } }).map((c) => c.id)).not.toContain('epc');
    expect(cols({ kind: 'sites-payout' }).map((c) => c.id)).not.toContain('conv');
    expect(cols({ result: { ...result, groupBy: 'detail' } }).map((c) => c.id)).not.toContain('conv');
  });

  it('divide exact cents, rounding half away from zero, and total as a ratio of the sums', () => {
    const rows = [
      { sales: 1, uniques: 3, payout: '100.00', bonusPayout: '0.01', earn: '-10.00', bonusEarn: '0' },
      { sales: 2, uniques: 0, payout: '50.00', bonusPayout: '0', earn: '5.00', bonusEarn: '0' },
      { sales: 0, uniques: 5, payout: '0', bonusPayout: '0', earn: '0', bonusEarn: '0' },
    ] as unknown as TStatsRow[];
    expect(rows.map((r) => byId('conv').value(r))).toEqual([100 / 3, null, 0]);
    // 100.01 / 3 = 33.3366..: 33.34; -10 / 3 = -3.333..: -3.33; none without clicks.
    expect(rows.map((r) => byId('epc').value(r))).toEqual(['33.34', null, '0.00']);
    expect(byId('epcEarn').value(rows[0])).toBe('-3.33');
    // Page: 3 sales / 8 uniques; 150.01 / 8 = 18.75125: 18.75; (-10 + 5) / 8 = -0.625: -0.63.
    expect(pageTotal(byId('conv'), rows, 'sites')).toBe(37.5);
    expect(pageTotal(byId('epc'), rows, 'sites')).toBe('18.75');
    expect(pageTotal(byId('epcEarn'), rows, 'sites')).toBe('-0.63');
    expect(statsCsvHeader(byId('conv'))).toBe('Conv. %');
    expect(statsCsvHeader(byId('epc'))).toBe('EPC (₱)');
    expect(formatStatsCsvCell(byId('conv'), 37.5)).toBe('37.50');
    expect(formatStatsCsvCell(byId('epc'), '18.75')).toBe('18.75');
  });
});
