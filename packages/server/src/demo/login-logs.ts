// 90 days of demo login logs (deterministic): agents log in a few weekdays a week from one or two home
// addresses, offices most weekdays from their office address, admins a few times a week. Most sessions
// end with a logout; the rest were left open (the browser was closed).
import { sql } from 'drizzle-orm';
import { easternDayStart } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { historyDays, Rng } from './history-plan';
import { DEMO_DAYS } from './history';
import { loginLogs } from '../db/schema';

const DEMO_LOGIN_SEED = 20_240_615;
const MINUTE_MS = 60_000;
const BATCH = 500;
// Chance of a login on each weekday (Sunday .. Saturday) by kind of account.
const DAY_CHANCE = {
  agent: [0.05, 0.7, 0.75, 0.7, 0.75, 0.6, 0.1],
  office: [0, 0.9, 0.9, 0.9, 0.9, 0.85, 0.2],
  admin: [0, 0.6, 0.5, 0.6, 0.5, 0.5, 0],
};
const LOGGED_OUT = 0.85;
// A suspended agent stopped logging in this many days before today.
const SUSPENDED_QUIET_DAYS = 30;

type Kind = keyof typeof DAY_CHANCE;
interface Member {
  accountId: number;
  kind: Kind;
  active: boolean;
  ips: string[];
}

export interface PlannedLogin {
  accountId: number;
  ip: string;
  inTime: Date;
  outTime: Date | null;
}

const ip = (rng: Rng, first: number) => `${first}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`;

/** Every approved account with its addresses: an office shares its address with nobody. */
async function loadMembers(db: Queryable, rng: Rng): Promise<Member[]> {
  const rows = await queryRows<{ id: number; role: number; active: boolean }>(
    db,
    sql`select id, role, active from accounts where approved order by id`,
  );
  return rows.map((a) => {
    const kind: Kind = a.role >= 20 ? 'agent' : a.role >= 10 ? 'office' : 'admin';
    const home = [ip(rng, 49), ip(rng, 112)];
    return { accountId: a.id, kind, active: a.active, ips: kind === 'agent' ? home : home.slice(0, 1) };
  });
}

/** The logins of one day, in Eastern working hours, never after `now`. */
function dayLogins(rng: Rng, day: string, members: Member[], quietFrom: string, now: number) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const midnight = easternDayStart(day).getTime();
  const out: PlannedLogin[] = [];
  for (const m of members) {
    if (!m.active && day >= quietFrom) continue;
    if (rng.next() >= DAY_CHANCE[m.kind][weekday]) continue;
    const start = midnight + (7 * 60 + rng.int(14 * 60)) * MINUTE_MS;
    if (start > now) continue;
    const end = start + (20 + rng.int(6 * 60)) * MINUTE_MS;
    const loggedOut = rng.next() < LOGGED_OUT && end <= now;
    out.push({
      accountId: m.accountId,
      ip: rng.pick(m.ips),
      inTime: new Date(start),
      outTime: loggedOut ? new Date(end) : null,
    });
  }
  return out;
}

/** Plans the logins of the demo accounts over the last `days` Eastern days. */
export async function planDemoLogins(
  db: Queryable,
  opts: { now?: Date; days?: number; seed?: number } = {},
): Promise<PlannedLogin[]> {
  const now = (opts.now ?? new Date()).getTime();
  const rng = new Rng(opts.seed ?? DEMO_LOGIN_SEED);
  const members = await loadMembers(db, rng);
  const days = historyDays({ days: opts.days ?? DEMO_DAYS, now });
  const quietFrom = days[Math.max(0, days.length - SUSPENDED_QUIET_DAYS)];
  return days.flatMap((day) => dayLogins(rng, day, members, quietFrom, now));
}

/** Writes the planned logins and makes each account's login count and last login agree with them. */
export async function seedDemoLoginLogs(db: Queryable, opts: { now?: Date } = {}): Promise<number> {
  const planned = await planDemoLogins(db, opts);
  for (let i = 0; i < planned.length; i += BATCH) {
    await db.insert(loginLogs).values(planned.slice(i, i + BATCH));
  }
  await db.execute(sql`update accounts a set login_count = s.n, last_login_time = s.last
    from (select account_id, count(*)::int as n, max(in_time) as last from login_logs group by account_id) s
    where s.account_id = a.id`);
  return planned.length;
}
