// Money and percentage cells with the contract formatters; bonus amounts are red.
import type { CSSProperties } from 'react';
import {
  formatPeso,
  formatPercent,
  formatPrice,
  formatSignedPercent,
  type NumberLike,
} from '@salesdesk/contract';

/** The colour of every bonus value and column. */
export const BONUS_COLOR = '#ff3300';

type MoneyProps = { value: NumberLike; bonus?: boolean };

const bonusStyle = (bonus?: boolean): CSSProperties | undefined =>
  bonus ? { color: BONUS_COLOR } : undefined;

/** '$12.50'. */
export function Price({ value, bonus }: MoneyProps) {
  return <span style={bonusStyle(bonus)}>{formatPrice(value)}</span>;
}

/** '₱1200'. */
export function Peso({ value, bonus }: MoneyProps) {
  return <span style={bonusStyle(bonus)}>{formatPeso(value)}</span>;
}

/** '12.50%'. */
export function Percent({ value, bonus }: MoneyProps) {
  return <span style={bonusStyle(bonus)}>{formatPercent(value)}</span>;
}

/** '+12.50%' green above 0, '-3.00%' or '0%' red, as office progress shows it. */
export function SignedPercent({ value, colored = true }: { value: NumberLike; colored?: boolean }) {
  const positive = Number(value) > 0;
  const style = colored
    ? { color: positive ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)' }
    : undefined;
  return <span style={style}>{formatSignedPercent(value)}</span>;
}
