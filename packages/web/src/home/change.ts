// The change from one figure to another in percent, on the decimal digits (money is a decimal string).
import { formatSignedPercent, priceAmount, type NumberLike } from '@salesdesk/contract';

/** Hundredths of the unit as an integer ('12.50' -> 1250n, 3 -> 300n). */
const hundredths = (v: NumberLike) => BigInt(priceAmount(v).replace('.', ''));

/**
 * '+12.50%', '-3.00%' or '0%' from `before` to `now`, rounded half away from zero; null when `before` is
 * 0 and `now` is not (no base to count a change from).
 */
export function changePercent(now: NumberLike, before: NumberLike): string | null {
  const a = hundredths(now);
  const b = hundredths(before);
  if (b === 0n) return a === 0n ? formatSignedPercent(0) : null;
  // The change in hundredths of a percent: (a - b) * 100 * 100 / b.
  const n = (a - b) * 10_000n;
  const negative = n < 0n !== b < 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const q = (2n * abs(n) + abs(b)) / (2n * abs(b));
  const text = `${q / 100n}.${String(q % 100n).padStart(2, '0')}`;
  return formatSignedPercent(negative ? `-${text}` : text);
}
