// The columns of the report pages, defined once for the screen, its footer totals and the CSV export.
import { avpPeriodHeading, type TAvpRange } from './avp';
import { hasRole, Role } from './common';
import {
  bonusRatio,
  formatCount,
  formatDateTime,
  formatDecimal,
  formatPercent,
  formatPeso,
  formatPrice,
  pesoAmount,
  priceAmount,
} from './format';
import { INVALID_REASON_LABELS, INVALID_REASONS, type TInvalidReason } from './invalid-traffic';
import { saleStatusLabel } from './money';
import { addDays, formatPeriod } from './period';
import { formatRecordType } from './sale-logs';
import {
  isAvpKind,
  isPayrollKind,
  type TStatsGroupBy,
  type TStatsKind,
  type TStatsOverall,
  type TStatsResult,
  type TStatsRow,
  type TStatsSortField,
} from './stats';

export type TStatsFormat =
  'text' | 'day' | 'week' | 'instant' | 'count' | 'price' | 'peso' | 'percent' | 'avp';
type Cell = string | number | null | undefined;
type Figures = TStatsRow | TStatsOverall;

export interface TStatsColumn {
  id: string;
  header: string;
  format: TStatsFormat;
  /** Bonus figures are shown in red. */
  bonus?: boolean;
  sortField?: TStatsSortField;
  /** Summed in Page Total and shown in Overall Total. */
  total?: boolean;
  value: (r: Figures) => Cell;
  /** What the figure is made of, opened from its cell; null where the viewer may not see it. */
  breakdown?: (r: Figures) => TStatsBreakdown | null;
  /** A ratio's Page Total, from the page's summed figures (a ratio of sums, never a sum of ratios). */
  totalOf?: (rows: readonly Figures[]) => Cell;
}

/** Sales per 100 unique clicks (issue 37); null without unique clicks. */
export const conversion = (sales: number, uniques: number | null): number | null =>
  uniques ? (100 * sales) / uniques : null;

const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Money per unique click (EPC, issue 37): the amounts summed in exact cents, divided by the clicks and
 * rounded half away from zero to the cent; null without unique clicks.
 */
export function perUnique(amounts: readonly Cell[], uniques: number | null): string | null {
  if (!uniques) return null;
  let cents = 0n;
  for (const v of amounts) {
    const m = AMOUNT.exec(String(v ?? '0'));
    if (!m) continue;
    const c = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
    cents += m[1] ? -c : c;
  }
  const n = BigInt(uniques);
  const abs = cents < 0n ? -cents : cents;
  const q = (2n * abs + n) / (2n * n);
  const sign = cents < 0n && q > 0n ? '-' : '';
  return `${sign}${q / 100n}.${(q % 100n).toString().padStart(2, '0')}`;
}

const summed = (rows: readonly Figures[], f: (r: Figures) => number | null | undefined) =>
  rows.reduce((n, r) => n + (f(r) ?? 0), 0);

/** Conv. % and EPC of the Statistics report (not payroll, not the detail rows): per unique click. */
function perClickColumns(o: StatsColumnsOptions): (TStatsColumn | false)[] {
  const { result: r } = o;
  if (o.kind !== 'sites' || r.groupBy === 'detail' || !o.showUniques) return [];
  const epc = (id: string, header: string, format: 'peso' | 'price', parts: (x: Figures) => Cell[]) =>
    ({
      id,
      header,
      format,
      total: true,
      value: (x) => perUnique(parts(x), x.uniques),
      totalOf: (rows) =>
        perUnique(
          rows.flatMap(parts),
          summed(rows, (x) => x.uniques),
        ),
    }) satisfies TStatsColumn;
  return [
    {
      id: 'conv',
      header: 'Conv. %',
      format: 'percent',
      total: true,
      value: (x) => conversion(x.sales, x.uniques),
      totalOf: (rows) =>
        conversion(
          summed(rows, (x) => x.sales),
          summed(rows, (x) => x.uniques),
        ),
    },
    r.payoutVisible && epc('epc', 'EPC (₱)', 'peso', (x) => [x.payout, x.bonusPayout]),
    r.earningVisible && epc('epcEarn', 'EPC ($)', 'price', (x) => [x.earn, x.bonusEarn]),
  ];
}

/** The parts of a figure with their counts, only those above zero. */
export type TStatsBreakdown = { id: TInvalidReason; label: string; count: number }[];

/** The invalid clicks of a row by reason (admins' drill-down); null when the row has no breakdown. */
export function invalidBreakdown(r: Figures): TStatsBreakdown | null {
  const by = r.invalidByReason;
  if (!by) return null;
  return INVALID_REASONS.filter((id) => by[id] > 0).map((id) => ({
    id,
    label: INVALID_REASON_LABELS[id],
    count: by[id],
  }));
}

export const STATS_FOOTER = {
  page: 'Page Total',
  overall: 'Overall Total',
  ratio: 'Unique to Sale Ratio',
} as const;

/** Headers of the sale columns, plain or on an approve-sale site (Day#1 approval, Day#2 paid sale). */
export function saleHeaders(useApproveSale: boolean) {
  return useApproveSale
    ? {
        day1: 'Day#1 (Approved)',
        day2: 'Day#2 (Paid Sale)',
        sales: 'Total Approved',
        bonus: 'Total Paid sale',
        ratio: 'Convert Ratio',
      }
    : { day1: '', day2: 'Bonus', sales: 'Total Sales', bonus: 'Total Bonus', ratio: 'Bonus Ratio' };
}

export interface StatsColumnsOptions {
  kind: TStatsKind;
  role: number;
  showUniques: boolean;
  result: Pick<
    TStatsResult,
    'groupBy' | 'types' | 'useApproveSale' | 'hasBonus' | 'earningVisible' | 'payoutVisible' | 'lppVisible'
  >;
}

const nameOf = (r: Figures, key: 'date' | 'officeName' | 'agent' | 'sitename' | 'typename'): Cell =>
  key in r ? (r as TStatsRow)[key] : undefined;

function agentCell(r: Figures): Cell {
  if (!('agent' in r) || r.agent === null) return undefined;
  return r.agentFullName ? `${r.agent} (${r.agentFullName})` : r.agent;
}

function dateColumn(kind: TStatsKind, groupBy: TStatsGroupBy): TStatsColumn | undefined {
  const base = { id: 'date', sortField: 'date' as const, value: (r: Figures) => nameOf(r, 'date') };
  if (groupBy === 'date') return { ...base, header: 'Date', format: 'day' };
  if (groupBy === 'detail') return { ...base, header: 'Date', format: 'instant' };
  if (groupBy === 'agent' && isAvpKind(kind)) return { ...base, header: 'Week', format: 'week' };
  return undefined;
}

function typeColumns(o: StatsColumnsOptions): TStatsColumn[] {
  const h = saleHeaders(o.result.useApproveSale);
  const label = (name: string, suffix: string) => (suffix ? `${name} ${suffix}` : name);
  return o.result.types.flatMap((t): TStatsColumn[] => {
    const byType = (id: string) => (r: Figures) => r.byType[id] ?? 0;
    if (t.id.endsWith('_payout'))
      return [
        {
          id: `type:${t.id}`,
          header: `${t.typename} Payout`,
          format: 'peso',
          total: true,
          value: byType(t.id),
        },
      ];
    const count: TStatsColumn = {
      id: `type:${t.id}`,
      header: label(t.typename, h.day1),
      format: 'count',
      total: true,
      value: byType(t.id),
    };
    if (!t.bonus) return [count];
    const bonusId = `${t.id}_bonus`;
    return [
      count,
      {
        id: `type:${bonusId}`,
        header: label(t.typename, h.day2),
        format: 'count',
        bonus: true,
        total: true,
        value: byType(bonusId),
      },
    ];
  });
}

const recordTypeCell = (r: Figures): Cell =>
  'recordType' in r && r.recordType !== null ? formatRecordType(r.recordType) : undefined;
const statusCell =
  (role: number) =>
  (r: Figures): Cell =>
    'status' in r && r.status !== null ? saleStatusLabel(r.status, role) : undefined;

/**
 * Reversals (already in the net earning and payout), held sales (not in them: not paid yet) and
 * adjustments (in them; never on the AVP pages, an adjustment has no site). Dollars need earningVisible.
 */
function moneyLifecycleColumns(
  kind: TStatsKind,
  earningVisible: boolean,
  role: number,
): (TStatsColumn | false)[] {
  const money = (
    id: TStatsSortField,
    header: string,
    format: 'price' | 'peso',
    value: (x: Figures) => Cell,
  ): TStatsColumn => ({ id, header, format, sortField: id, total: true, value });
  const count = (id: TStatsSortField, header: string, value: (x: Figures) => Cell): TStatsColumn => ({
    id,
    header,
    format: 'count',
    sortField: id,
    total: true,
    value,
  });
  const adjustments = !isAvpKind(kind);
  // Agents and offices see held money as pending (saleStatusLabel).
  const held = saleStatusLabel('held', role);
  return [
    count('reversals', 'Reversals', (x) => x.reversals),
    earningVisible && money('reversalEarn', 'Reversed ($)', 'price', (x) => x.reversalEarn),
    money('reversalPayout', 'Reversed (₱)', 'peso', (x) => x.reversalPayout),
    count('held', held, (x) => x.held),
    earningVisible && money('heldEarn', `${held} ($)`, 'price', (x) => x.heldEarn),
    money('heldPayout', `${held} (₱)`, 'peso', (x) => x.heldPayout),
    adjustments && earningVisible && money('adjustEarn', 'Adjusted ($)', 'price', (x) => x.adjustEarn),
    adjustments && money('adjustPayout', 'Adjusted (₱)', 'peso', (x) => x.adjustPayout),
  ];
}

/** The columns a role sees on a page for a result, in screen order (the row number is the screen's own). */
export function statsColumns(o: StatsColumnsOptions): TStatsColumn[] {
  const { kind, role, result: r } = o;
  const g = r.groupBy;
  const h = saleHeaders(r.useApproveSale);
  const admin = hasRole(role, Role.Admin);
  const agentRole = !hasRole(role, Role.Company);
  const avpRows = isAvpKind(kind) && (g === 'agent' || g === 'detail');
  const cols: (TStatsColumn | false | undefined)[] = [
    dateColumn(kind, g),
    admin &&
      g !== 'date' && {
        id: 'officeName',
        header: 'Office',
        format: 'text',
        sortField: 'officeName',
        value: (x) => nameOf(x, 'officeName'),
      },
    !agentRole &&
      (g === 'agent' || g === 'detail') && {
        id: 'agent',
        header: 'Agent',
        format: 'text',
        sortField: 'agent',
        value: agentCell,
      },
    g === 'detail' && { id: 'sitename', header: 'Site', format: 'text', value: (x) => nameOf(x, 'sitename') },
    g === 'detail' && { id: 'typename', header: 'Link', format: 'text', value: (x) => nameOf(x, 'typename') },
    g === 'detail' && { id: 'recordType', header: 'Record type', format: 'text', value: recordTypeCell },
    g === 'detail' && { id: 'status', header: 'Status', format: 'text', value: statusCell(role) },
    g !== 'detail' && {
      id: 'raws',
      header: 'Raws',
      format: 'count',
      sortField: 'raws',
      total: true,
      value: (x) => x.raws,
    },
    g !== 'detail' &&
      o.showUniques && {
        id: 'uniques',
        header: 'Uniques',
        format: 'count',
        sortField: 'uniques',
        total: true,
        value: (x) => x.uniques,
      },
    // Raws holds the invalid clicks too; which rule caught them is the admins' to see.
    g !== 'detail' && {
      id: 'invalid',
      header: 'Invalid',
      format: 'count',
      sortField: 'invalid',
      total: true,
      value: (x) => x.invalid,
      ...(admin ? { breakdown: invalidBreakdown } : {}),
    },
    ...typeColumns(o),
    { id: 'sales', header: h.sales, format: 'count', sortField: 'sales', total: true, value: (x) => x.sales },
    r.hasBonus && {
      id: 'bonusSales',
      header: h.bonus,
      format: 'count',
      bonus: true,
      sortField: 'bonusSales',
      total: true,
      value: (x) => x.bonusSales,
    },
    r.hasBonus && {
      id: 'bonusRatio',
      header: h.ratio,
      format: 'percent',
      bonus: true,
      sortField: 'bonusRatio',
      total: true,
      value: (x) => x.bonusRatio,
    },
    r.earningVisible && {
      id: 'earn',
      header: 'Earning',
      format: 'price',
      sortField: 'earn',
      total: true,
      value: (x) => x.earn,
    },
    r.earningVisible &&
      r.hasBonus && {
        id: 'bonusEarn',
        header: 'Bonus Earning',
        format: 'price',
        bonus: true,
        sortField: 'bonusEarn',
        total: true,
        value: (x) => x.bonusEarn,
      },
    r.payoutVisible && {
      id: 'payout',
      header: 'Payout',
      format: 'peso',
      sortField: 'payout',
      total: true,
      value: (x) => x.payout,
    },
    r.payoutVisible &&
      r.hasBonus && {
        id: 'bonusPayout',
        header: 'Bonus Payout',
        format: 'peso',
        bonus: true,
        sortField: 'bonusPayout',
        total: true,
        value: (x) => x.bonusPayout,
      },
    ...perClickColumns(o),
    ...moneyLifecycleColumns(kind, r.earningVisible, role),
    r.lppVisible && {
      id: 'lpp',
      header: 'LPP',
      format: 'count',
      sortField: 'lpp',
      total: true,
      value: (x) => x.lpp,
    },
    r.lppVisible && {
      id: 'lppPrev',
      header: 'LPP Prev',
      format: 'count',
      total: true,
      value: (x) => ('lpp_prev' in x ? x.lpp_prev : x.lppPrev),
    },
    avpRows && { id: 'avpPeriod', header: 'AVP', format: 'avp', value: (x) => x.avpPeriod },
    avpRows && {
      id: 'agent_avp_sales_count',
      header: 'AVP Sales',
      format: 'count',
      sortField: 'agent_avp_sales_count',
      value: (x) => x.agent_avp_sales_count,
    },
    kind === 'sites-payout-avp' && {
      id: 'payoutPhp',
      header: 'AVP Payout (₱)',
      format: 'peso',
      sortField: 'payoutPhp',
      total: true,
      value: (x) => x.payoutPhp,
    },
    kind === 'sites-payout-avp' && {
      id: 'payoutDollars',
      header: 'AVP Payout ($)',
      format: 'price',
      sortField: 'payoutDollars',
      total: true,
      value: (x) => x.payoutDollars,
    },
  ];
  return cols.filter((c): c is TStatsColumn => !!c);
}

/** A cell as text on screen: money with its sign (net money can be below zero: '-₱100'), money and counts with thousands separators, percent
 * with 2 decimals, the AVP period heading. */
export function formatStatsCell(col: TStatsColumn, v: Cell, avpPeriods: readonly TAvpRange[] = []): string {
  if (v === null || v === undefined) return '';
  switch (col.format) {
    case 'price':
      return formatPrice(v);
    case 'peso':
      return formatPeso(v);
    case 'percent':
      return formatPercent(v);
    case 'count':
      return formatCount(v);
    default:
      return formatStatsText(col, v, avpPeriods);
  }
}

/** A cell in the CSV export: money, percentages and counts as bare numbers a spreadsheet sums (the unit is
 * in the header, see statsCsvHeader); other cells as on screen. */
export function formatStatsCsvCell(
  col: TStatsColumn,
  v: Cell,
  avpPeriods: readonly TAvpRange[] = [],
): string {
  if (v === null || v === undefined) return '';
  switch (col.format) {
    case 'price':
      return priceAmount(v);
    case 'peso':
      return pesoAmount(v);
    case 'percent':
      return formatDecimal(v, 2);
    case 'count':
      return String(v);
    default:
      return formatStatsText(col, v, avpPeriods);
  }
}

const UNIT: Partial<Record<TStatsFormat, string>> = { price: '($)', peso: '(₱)', percent: '(%)' };

/** A column's CSV header: the screen's, with the unit its bare numbers are in ('Earning ($)'). */
export function statsCsvHeader(col: TStatsColumn): string {
  const unit = UNIT[col.format];
  // `Conv. %` names its unit already.
  if (col.format === 'percent' && col.header.endsWith('%')) return col.header;
  return unit && !col.header.endsWith(unit) ? `${col.header} ${unit}` : col.header;
}

function formatStatsText(col: TStatsColumn, v: string | number, avpPeriods: readonly TAvpRange[]): string {
  switch (col.format) {
    case 'instant':
      return formatDateTime(String(v));
    case 'week':
      return formatPeriod({ start: String(v), end: addDays(String(v), 6) });
    case 'avp': {
      const period = avpPeriods.find((p) => p.index === Number(v));
      return period ? avpPeriodHeading(period) : '';
    }
    default:
      return String(v);
  }
}

const CENTS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Exact sum of 2-decimal strings (integer cents, never float arithmetic). */
export function sumAmounts(values: readonly Cell[]): string {
  let cents = 0n;
  for (const v of values) {
    const m = CENTS.exec(String(v ?? '0'));
    if (!m) continue;
    const c = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
    cents += m[1] ? -c : c;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The Page Total of a column over the page's rows (the bonus ratio from the summed sales). */
export function pageTotal(col: TStatsColumn, rows: readonly TStatsRow[], kind: TStatsKind): Cell {
  if (!col.total) return undefined;
  if (col.totalOf) return col.totalOf(rows);
  if (col.format === 'percent') {
    const sum = (f: (r: TStatsRow) => number) => rows.reduce((n, r) => n + f(r), 0);
    return bonusRatio(
      sum((r) => r.bonusSales),
      sum((r) => r.sales),
      isPayrollKind(kind),
    );
  }
  const values = rows.map((r) => col.value(r));
  if (col.format === 'price' || col.format === 'peso') {
    return values.every((v) => v === null || v === undefined) ? undefined : sumAmounts(values);
  }
  return values.every((v) => v === null || v === undefined)
    ? undefined
    : values.reduce<number>((n, v) => n + Number(v ?? 0), 0);
}
