// The comparison of a report figure with the other period (issue 37): the change in % computed on exact
// decimals (the contract's changePercent), '—' from nothing. A ratio (Conv. %, EPC) compares as shown.
import {
  changePercent,
  formatDecimal,
  formatStatsCell,
  NO_CHANGE,
  type TStatsColumn,
  type TStatsResult,
} from '@salesdesk/contract';
import type { Compared } from '../ui/compare-figure';

type Cell = string | number | null | undefined;

/** Formats whose figures are compared: counts, money and ratios. */
export const COMPARED_FORMATS = new Set(['count', 'price', 'peso', 'percent']);

/** A ratio (Conv. %, EPC, a bonus ratio): where the other period has no clicks or sales it has no value, not 0. */
const isRatio = (spec: TStatsColumn) => spec.format === 'percent' || !!spec.totalOf;

/** A figure as exact hundredths, as the cell shows it (a ratio is a float: compared as rounded on screen). */
const shownDecimal = (spec: TStatsColumn, v: Cell) => (spec.format === 'percent' ? formatDecimal(v, 2) : v);

/** The other period's figure of a column as shown and the change; a row absent there counts as none. */
export function comparedFigure(
  spec: TStatsColumn,
  current: Cell,
  other: Parameters<TStatsColumn['value']>[0] | undefined,
): Compared | null {
  if (!COMPARED_FORMATS.has(spec.format) || current === null || current === undefined) return null;
  const value = other ? spec.value(other) : null;
  if ((value === null || value === undefined) && isRatio(spec))
    return { other: NO_CHANGE, change: NO_CHANGE };
  const otherValue = value ?? (spec.format === 'count' ? 0 : '0.00');
  return {
    other: formatStatsCell(spec, otherValue),
    change: changePercent(shownDecimal(spec, current), shownDecimal(spec, otherValue)),
  };
}

/** The other period's row of a page row, by its key. */
export const compareRowOf = (result: TStatsResult, key: string) => result.compare?.rows[key];
