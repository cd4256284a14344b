// The report table: the row number, the contract's columns for the role and the result, drill-down
// links (date, office, agent), a figure's parts where its column has them (the admins' invalid clicks
// by reason), bonus figures in red, and Page Total, Overall Total, Unique to Sale Ratio; with a comparison,
// each row's and the Overall Total's counts and money with the other period's value and the change.
import { useMemo } from 'react';
import { Anchor } from '@mantine/core';
import {
  drillGroupBy,
  formatStatsCell,
  formatUniqueRatio,
  pageTotal,
  rowNumber,
  STATS_EMPTY,
  STATS_FOOTER,
  statsColumns,
  type TAvpPeriod,
  type TStatsColumn,
  type TStatsGroupBy,
  type TStatsOverall,
  type TStatsKind,
  type TStatsResult,
  type TStatsRow,
  type TStatsSortField,
} from '@salesdesk/contract';
import { DataTable, type DataColumn, type FooterRow } from '../ui/data-table';
import { BONUS_COLOR } from '../ui/money';
import { BreakdownCell } from './breakdown-cell';
import { CompareFigure } from '../ui/compare-figure';
import { comparedFigure, compareRowOf } from './stats-compare';

export type StatsTableProps = {
  kind: TStatsKind;
  role: number;
  result: TStatsResult | undefined;
  page: number;
  pageSize: number;
  showUniques: boolean;
  print: boolean;
  loading: boolean;
  avpPeriods: TAvpPeriod[];
  onSort: (field: TStatsSortField, asc: boolean) => void;
  /** Regroups at the next level for this row (date, office or agent grouping). */
  onDrill: (row: TStatsRow, from: TStatsGroupBy) => void;
};

const NUMERIC = new Set(['count', 'price', 'peso', 'percent']);

/** A figure as shown, opening its parts when its column has them for this row (none in print). */
function withParts(spec: TStatsColumn, r: TStatsRow | TStatsOverall, shown: string, print: boolean) {
  const parts = print ? null : spec.breakdown?.(r);
  return parts?.length ? <BreakdownCell shown={shown} header={spec.header} parts={parts} /> : shown;
}

/** The column a grouping drills down from. */
const DRILL_COLUMN: Partial<Record<TStatsGroupBy, string>> = {
  date: 'date',
  company: 'officeName',
  agent: 'agent',
};

export function StatsTable(props: StatsTableProps) {
  const { kind, role, result, page, pageSize, showUniques, avpPeriods, onDrill } = props;
  const specs = useMemo(
    () => (result ? statsColumns({ kind, role, showUniques, result }) : []),
    [kind, role, showUniques, result],
  );
  const groupBy = result?.groupBy;
  const canDrill = groupBy !== undefined && drillGroupBy(kind, role, groupBy) !== undefined;

  const columns = useMemo<DataColumn<TStatsRow, TStatsSortField>[]>(() => {
    const text = (spec: TStatsColumn, row: TStatsRow) => formatStatsCell(spec, spec.value(row), avpPeriods);
    // With a comparison, each compared figure shows the other period's value and the change beneath it.
    const cell = (spec: TStatsColumn) => (row: TStatsRow) => {
      const figure = ownCell(spec)(row);
      const compared =
        result?.compare && comparedFigure(spec, spec.value(row), compareRowOf(result, row.key));
      return compared ? <CompareFigure shown={figure} compared={compared} /> : figure;
    };
    const ownCell = (spec: TStatsColumn) => (row: TStatsRow) => {
      const shown = text(spec, row);
      if (canDrill && groupBy && DRILL_COLUMN[groupBy] === spec.id && !props.print)
        return (
          <Anchor component="button" type="button" fz="inherit" onClick={() => onDrill(row, groupBy)}>
            {shown}
          </Anchor>
        );
      if (spec.bonus) return <span style={{ color: BONUS_COLOR }}>{shown}</span>;
      return withParts(spec, row, shown, props.print);
    };
    const no: DataColumn<TStatsRow, TStatsSortField> = {
      id: 'no',
      header: 'No',
      cell: (_row, index) => rowNumber(page, pageSize, index),
    };
    return [
      no,
      ...specs.map((spec): DataColumn<TStatsRow, TStatsSortField> => {
        const base = {
          id: spec.id,
          header: spec.header,
          cell: cell(spec),
          align: NUMERIC.has(spec.format) ? ('right' as const) : undefined,
        };
        return spec.sortField ? { ...base, sortable: true, sortField: spec.sortField } : base;
      }),
    ];
  }, [specs, avpPeriods, canDrill, groupBy, onDrill, page, pageSize, props.print, result]);

  const footerRows = useMemo<FooterRow[]>(() => {
    if (!result || !result.page.items.length) return [];
    const rows = result.page.items;
    const pageRow: FooterRow = { no: STATS_FOOTER.page };
    const overallRow: FooterRow = { no: STATS_FOOTER.overall };
    for (const spec of specs) {
      if (!spec.total) continue;
      const style = spec.bonus ? { color: BONUS_COLOR } : undefined;
      pageRow[spec.id] = <span style={style}>{formatStatsCell(spec, pageTotal(spec, rows, kind))}</span>;
      const overall = formatStatsCell(spec, spec.value(result.overall));
      const figure = <span style={style}>{withParts(spec, result.overall, overall, props.print)}</span>;
      const compared =
        result.compare && comparedFigure(spec, spec.value(result.overall), result.compare.overall);
      overallRow[spec.id] = compared ? <CompareFigure shown={figure} compared={compared} /> : figure;
    }
    if (!showUniques) return [pageRow, overallRow];
    // Under Uniques, else past the kept columns (No and the first), where the label spans both.
    const ratioAt = specs.some((s) => s.id === 'uniques') ? 'uniques' : ((specs[1] ?? specs[0])?.id ?? 'no');
    const ratio = formatUniqueRatio(result.overall.uniques, result.overall.sales);
    return [pageRow, overallRow, { no: STATS_FOOTER.ratio, [ratioAt]: ratio }];
  }, [result, specs, kind, showUniques, props.print]);

  return (
    <DataTable
      caption="Statistics"
      columns={columns}
      data={result?.page.items ?? []}
      getRowId={(r) => r.key}
      loading={props.loading}
      emptyText={result ? STATS_EMPTY : ''}
      sort={result ? { field: result.sortField, asc: result.sortAsc } : undefined}
      onSortChange={props.onSort}
      footerRows={footerRows}
      print={props.print}
      // The row number and the grouping's first column (date, office or agent) stay in view.
      stickyColumns={2}
    />
  );
}
