// The comparison of a report figure with the other period (issue 37): the change in % computed on exact
// decimals (the contract's changePercent), '—' from nothing.
import { changePercent, formatStatsCell, type TStatsColumn, type TStatsResult } from '@salesdesk/contract';
import type { Compared } from '../ui/compare-figure';

type Cell = string | number | null | undefined;

/** Formats whose figures are compared: counts and money (ratios are not). */
export const COMPARED_FORMATS = new Set(['count', 'price', 'peso']);

/** The other period's figure of a column as shown and the change; a row absent there counts as none. */
export function comparedFigure(
  spec: TStatsColumn,
  current: Cell,
  other: Parameters<TStatsColumn['value']>[0] | undefined,
): Compared | null {
  if (!COMPARED_FORMATS.has(spec.format) || current === null || current === undefined) return null;
  const value = other ? spec.value(other) : null;
  const otherValue = value ?? (spec.format === 'count' ? 0 : '0.00');
  return { other: formatStatsCell(spec, otherValue), change: changePercent(current, otherValue) };
}

/** The other period's row of a page row, by its key. */
export const compareRowOf = (result: TStatsResult, key: string) => result.compare?.rows[key];
