// Exact progress percentages and the chart's points (days or months), in whole-number arithmetic.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { addDays, DAY_FORMAT, type ChartGroupBy } from '@salesdesk/contract';

dayjs.extend(utc);

/**
 * (sales1 - sales2) / sales2 * 100 rounded half away from zero to 2 decimals, as SQL's round() does;
 * 100 when only sales1 has sales, 0 when neither has (DESIGN.md rule 7).
 */
export function progressPercent(sales1: number, sales2: number): number {
  if (sales2 === 0) return sales1 > 0 ? 100 : 0;
  const diff = sales1 - sales2;
  // Hundredths of a percent: |diff| * 10000 / sales2, rounded half up on the magnitude.
  const hundredths = Math.floor((Math.abs(diff) * 20_000 + sales2) / (2 * sales2));
  return (Math.sign(diff) * hundredths) / 100;
}

/** A chart point's days: `key` is 'YYYY-MM-DD' or 'YYYY-MM'; from..to are the days it counts. */
export interface Bucket {
  key: string;
  from: string;
  to: string;
}

const monthKey = (day: string) => day.slice(0, 7);

/**
 * The points of start..end, preceded by the point before the range (its progress base): the day
 * before, or the whole month before the first month. A month point counts only days inside the range.
 */
export function chartBuckets(start: string, end: string, groupBy: ChartGroupBy): Bucket[] {
  if (groupBy === 'day') {
    const out: Bucket[] = [];
    for (let d = addDays(start, -1); d <= end; d = addDays(d, 1)) out.push({ key: d, from: d, to: d });
    return out;
  }
  const first = dayjs.utc(start).startOf('month');
  const before = first.subtract(1, 'month');
  const out: Bucket[] = [
    {
      key: monthKey(before.format(DAY_FORMAT)),
      from: before.format(DAY_FORMAT),
      to: before.endOf('month').format(DAY_FORMAT),
    },
  ];
  for (let m = first; m.format(DAY_FORMAT) <= end; m = m.add(1, 'month')) {
    const from = m.format(DAY_FORMAT);
    const to = m.endOf('month').format(DAY_FORMAT);
    out.push({ key: monthKey(from), from: from < start ? start : from, to: to > end ? end : to });
  }
  return out;
}
