// The demo's pay periods: every period of the history that has ended is closed in order, a day or two
// after its end, by the superadmin (the admin pays them some days later); the latest ended one is left
// closed and unpaid and the current one open, so the Pay Periods screen has each status to show; one agent
// owes across two of them (owed-balance.ts), so statements show a balance carried in and out.
import { sql } from 'drizzle-orm';
import { addDays, easternDay, easternDayStart, payPeriodOf } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { closePayPeriod, firstOpenWithRows, markPayPeriodPaid, payState } from '../pay-periods/close';
import { addOwedBalance, endedPeriods } from './owed-balance';

const accountId = async (db: Queryable, username: string) =>
  (await queryOne<{ id: number }>(db, sql`select id from accounts where username = ${username}`))?.id;

/** An instant `days` after the end of `day` (Eastern, mid-morning), never later than `now`. */
function after(day: string, days: number, now: Date): Date {
  const at = new Date(easternDayStart(addDays(day, days)).getTime() + 10 * 3_600_000);
  return at < now ? at : now;
}

/** Closes and pays the demo history's ended periods; answers how many closed and how many are paid. */
export async function seedDemoPayPeriods(
  db: Queryable,
  now = new Date(),
): Promise<{ closed: number; paid: number }> {
  const superId = await accountId(db, 'super');
  const adminId = (await accountId(db, 'admin')) ?? superId;
  if (!superId || !adminId) return { closed: 0, paid: 0 };
  const today = easternDay(now);
  const state = await payState(db);
  const first = await firstOpenWithRows(db, state.closedThrough);
  const ended = first ? endedPeriods(state.cycle, first, today) : [];
  // The agent who owes: from the third-latest ended period (or the first of two) into the next.
  const owing = ended.length >= 2 ? ended[Math.max(0, ended.length - 3)] : undefined;
  if (owing) await addOwedBalance(db, [owing, ended[ended.indexOf(owing) + 1]], superId);
  const closed: { start: string; end: string }[] = [];
  for (;;) {
    const { cycle, closedThrough } = await payState(db);
    const start = await firstOpenWithRows(db, closedThrough);
    if (!start) break;
    const { end } = payPeriodOf(cycle, start, closedThrough);
    if (end >= today) break;
    closed.push(await closePayPeriod(db, start, superId, after(end, 1, now)));
  }
  for (const p of closed.slice(0, -1)) await markPayPeriodPaid(db, p.start, adminId, after(p.end, 4, now));
  return { closed: closed.length, paid: Math.max(0, closed.length - 1) };
}
