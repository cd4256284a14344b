// Partition maintenance, at start and daily at 00:15 Eastern: for clicks and postback_logs, this Eastern
// month and the next MONTHS_AHEAD ones, and the month of every row waiting in the default partition
// (moved into it); daily, the raw clicks past the retention option are then dropped. Every step is
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
import { loggableError } from '../common/loggable-error';
import { dropOldClicks } from './click-retention';
import { nextEasternTime, scheduleJob, type Scheduler } from './schedule';

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
const createdNotes = (created: CreatedPartitions) =>
  Object.entries(created).map(([t, months]) => `${t} months created: ${monthList(months)}`);

/** The maintenance at start, before the first click: a failure is logged (rows wait in the default partitions). */
export async function maintainPartitionsAtStart(db: Db, log: (msg: string) => void): Promise<void> {
  try {
    const notes = createdNotes(await maintainPartitions(db));
    if (notes.length) log(`partitions: ${notes.join('; ')}`);
  } catch (err) {
    log(`partition maintenance failed: ${loggableError(err).message}`);
  }
}

export function schedulePartitionMaintenance(s: Scheduler) {
  return scheduleJob(s, {
    name: 'partition-maintenance',
    next: (now) => nextEasternTime(now, MINUTES_AFTER_MIDNIGHT),
    run: async ({ claim }) => {
      // Every step is idempotent: the claim only keeps the due time to one node.
      if (!(await s.db.transaction((tx) => claim(tx)))) return null;
      const notes = createdNotes(await maintainPartitions(s.db));
      const retention = await dropOldClicks(s.db);
      if (retention?.dropped.length)
        notes.push(
          `raw clicks before ${retention.keptFrom} dropped (months ${monthList(retention.dropped)}); stats_daily and sales kept`,
        );
      return notes.length ? `partitions: ${notes.join('; ')}` : null;
    },
  });
}
