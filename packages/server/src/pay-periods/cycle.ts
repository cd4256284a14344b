// A change of the pay cycle (System Options): the rows of open periods move to the new cycle's periods in
// the transaction that saves it, under the exclusive pay period lock, so no row is written meanwhile with
// the old cycle. Closed periods keep their rows; the first open period starts the day after them.
import { sql } from 'drizzle-orm';
import { OPTION_NAMES, type TPayCycle } from '@salesdesk/contract';
import { payCycle } from '../common/options';
import { queryOne, type Queryable } from '../db/client';
import { lockPayPeriods, payState } from './close';

/**
 * Runs `save` (which stores the options) and, when it changed the pay cycle, gives every row of an open
 * period the period pay_period_of answers under the new cycle; answers how many rows moved.
 */
export async function savingPayCycle(tx: Queryable, next: TPayCycle | undefined, save: () => Promise<void>) {
  if (!next) return save().then(() => 0);
  await lockPayPeriods(tx);
  const before = await payCycle(tx);
  await save();
  if (before === next) return 0;
  const { closedThrough } = await payState(tx);
  const moved = await queryOne<{ n: number }>(
    tx,
    sql`with moved as (
          update sales s set pay_period = m.p
          from (select id, pay_period_of(date) as p from sales
                where pay_period > ${closedThrough ?? '1900-01-01'}::date) m
          where s.id = m.id and s.pay_period <> m.p
          returning 1
        )
        select count(*)::int as n from moved`,
  );
  return moved?.n ?? 0;
}

/** The pay cycle an options save sets, if it sets one. */
export const payCycleIn = (list: { name: string; value: string }[]) =>
  list.find((o) => o.name === OPTION_NAMES.payCycle)?.value as TPayCycle | undefined;
