// Partition maintenance, once at start and daily at 00:15 Eastern: for clicks and postback_logs, this
// Eastern month and the next MONTHS_AHEAD ones, and the month of every row waiting in the default
// partition (moved into it); then the raw clicks past the retention option are dropped. Every step is
// idempotent, so two processes doing it at once only wait for each other.
import type { Db } from '../db/client';
import {
  addMonths,
  defaultPartitionMonths,
  easternMonth,
  ensureMonthPartition,
  ensureMonthPartitions,
  monthStart,
  MONTHS_AHEAD,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from '../db/partitions';
import { dropOldClicks } from './click-retention';
import { nextEasternTime, scheduleJob } from './schedule';

const MINUTES_AFTER_MIDNIGHT = 15;

export type CreatedPartitions = Partial<Record<PartitionedTable, string[]>>;

/** Creates the months ahead and the months of rows in the default partitions; answers the months created. */
export async function maintainPartitions(db: Db, now = new Date()): Promise<CreatedPartitions> {
  const created: CreatedPartitions = {};
  const ahead = monthStart(addMonths(easternMonth(now), MONTHS_AHEAD));
  for (const table of PARTITIONED_TABLES) {
    const months = await ensureMonthPartitions(db, table, now, ahead);
    for (const month of await defaultPartitionMonths(db, table))
      if (await ensureMonthPartition(db, table, month)) months.push(month);
    if (months.length) created[table] = months.sort();
  }
  return created;
}

const monthList = (months: string[]) => months.map((m) => m.slice(0, 7)).join(', ');

export function schedulePartitionMaintenance(db: Db, log: (msg: string) => void) {
  // The first run at once: the months ahead exist before the first click of a month that began while stopped.
  let started = false;
  const next = (now: Date) => {
    if (started) return nextEasternTime(now, MINUTES_AFTER_MIDNIGHT);
    started = true;
    return now;
  };
  return scheduleJob(
    'partition maintenance',
    next,
    async () => {
      const created = await maintainPartitions(db);
      const retention = await dropOldClicks(db);
      const notes = Object.entries(created).map(([t, months]) => `${t} months created: ${monthList(months)}`);
      if (retention?.dropped.length)
        notes.push(
          `raw clicks before ${retention.keptFrom} dropped (months ${monthList(retention.dropped)}); stats_daily and sales kept`,
        );
      return notes.length ? `partitions: ${notes.join('; ')}` : null;
    },
    log,
  );
}
