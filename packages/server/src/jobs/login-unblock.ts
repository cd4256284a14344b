// Login blocking is lifted for everybody at 01:00 America/New_York (DESIGN.md rule 8).
import { sql } from 'drizzle-orm';
import { easternDay, easternDayStart, addDays } from '@salesdesk/contract';
import type { Db } from '../db/client';
import { queryOne } from '../db/client';
import { loggableError } from '../common/loggable-error';

const LOCK_KEY = 727002;
const HOUR_MS = 3600_000;

/** The next 01:00 Eastern after `now` (01:00 exists every day; DST switches happen at 02:00). */
export function nextUnblockTime(now: Date): Date {
  const today = easternDay(now);
  const todayAtOne = new Date(easternDayStart(today).getTime() + HOUR_MS);
  return todayAtOne > now ? todayAtOne : new Date(easternDayStart(addDays(today, 1)).getTime() + HOUR_MS);
}

/** Unblocks every account; with several processes only the one holding the advisory lock does it. */
export async function unblockLogins(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = await queryOne<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`,
    );
    if (!lock?.ok) return null;
    const res = (await tx.execute(
      sql`update accounts set login_blocked = false where login_blocked`,
    )) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    return res.rowCount ?? res.affectedRows ?? 0;
  });
}

/** Schedules the daily unblock; returns a stop function for shutdown. */
export function scheduleLoginUnblock(db: Db, log: (msg: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const wait = nextUnblockTime(new Date()).getTime() - Date.now();
    timer = setTimeout(
      async () => {
        try {
          const n = await unblockLogins(db);
          if (n !== null) log(`01:00 Eastern: login unblocked for ${n} account(s)`);
        } catch (err) {
          log(`login unblock failed: ${loggableError(err).message}`);
        }
        arm();
      },
      Math.max(wait, 1000),
    );
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
