// Session queries: open, list, end (with their login log rows), and the second step's completion.
import { sql, type SQL } from 'drizzle-orm';
import type { TSecondFactor } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { accounts, loginLogs, sessions } from '../db/schema';

export interface NewSession {
  accountId: number;
  ip: string;
  userAgent: string;
  impersonatedBy: number | null;
  secondFactor: TSecondFactor;
  ttlSeconds: number;
}

/** The login log row, the login count and the session row; answers the ids the token carries. */
export async function insertSession(db: Queryable, s: NewSession) {
  const [log] = await db
    .insert(loginLogs)
    .values({ accountId: s.accountId, ip: s.ip })
    .returning({ id: loginLogs.id });
  const [a] = await db
    .update(accounts)
    .set({ lastLoginTime: new Date(), loginCount: sql`${accounts.loginCount} + 1` })
    .where(sql`${accounts.id} = ${s.accountId}`)
    .returning({ sv: accounts.sessionVersion });
  const [row] = await db
    .insert(sessions)
    .values({
      accountId: s.accountId,
      loginLogId: log.id,
      ip: s.ip,
      userAgent: s.userAgent,
      impersonatedBy: s.impersonatedBy,
      secondFactor: s.secondFactor,
      sessionVersion: a.sv,
      expiresAt: new Date(Date.now() + s.ttlSeconds * 1000),
    })
    .returning({ id: sessions.id });
  return { sessionId: row.id, sessionVersion: a.sv };
}

/** A session still alive: not ended, not expired, under the account's current session version. */
const LIVE = sql`s.ended_at is null and s.expires_at > now()
  and s.session_version = (select a.session_version from accounts a where a.id = s.account_id)`;

/**
 * Ends the live sessions `which` picks among the account's, and closes their login log rows (the
 * login logs show them logged out); answers how many ended.
 */
async function endWhere(db: Queryable, accountId: number, which: SQL): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`with ended as (
          update sessions s set ended_at = now()
          where s.account_id = ${accountId} and s.ended_at is null and ${which}
          returning s.login_log_id
        ), closed as (
          update login_logs l set out_time = now()
          where l.id in (select login_log_id from ended) and l.out_time is null
        )
        select count(*)::int as n from ended`,
  );
  return row?.n ?? 0;
}

/** One session of the account, if it is still alive. */
export const endOne = (db: Queryable, accountId: number, sessionId: number) =>
  endWhere(db, accountId, sql`s.id = ${sessionId} and ${LIVE}`);

/** Every session of the account but `keep` (ended or not alive ones are ended too: nothing revives them). */
export const endAllBut = (db: Queryable, accountId: number, keep: number | null) =>
  endWhere(db, accountId, keep === null ? sql`true` : sql`s.id <> ${keep}`);

export interface SessionRecord {
  id: string | number;
  created_at: Date | string;
  last_seen_at: Date | string;
  ip: string;
  user_agent: string;
  second_factor: TSecondFactor;
  impersonated_by: string | null;
}

/** The account's live sessions, the latest seen first. */
export const findLiveSessions = (db: Queryable, accountId: number) =>
  queryRows<SessionRecord>(
    db,
    sql`select s.id, s.created_at, s.last_seen_at, s.ip, s.user_agent, s.second_factor,
               imp.username as impersonated_by
        from sessions s
        left join accounts imp on imp.id = s.impersonated_by
        where s.account_id = ${accountId} and ${LIVE}
        order by s.last_seen_at desc, s.id desc
        limit 100`,
  );

/** Moves a session to another step (the code given, the enrolment done); false when it was not there. */
export async function setSecondFactor(
  db: Queryable,
  sessionId: number,
  from: TSecondFactor,
  to: TSecondFactor,
): Promise<boolean> {
  const row = await queryOne<{ id: unknown }>(
    db,
    sql`update sessions set second_factor = ${to}
        where id = ${sessionId} and second_factor = ${from} and ended_at is null
        returning id`,
  );
  return !!row;
}

/** The session goes on under the account's new session version (one's own new password). */
export async function followSessionVersion(db: Queryable, sessionId: number): Promise<number> {
  const row = await queryOne<{ sv: number }>(
    db,
    sql`update sessions s set session_version = a.session_version
        from accounts a where s.id = ${sessionId} and a.id = s.account_id
        returning a.session_version as sv`,
  );
  if (!row) throw new Error('session row missing');
  return row.sv;
}
