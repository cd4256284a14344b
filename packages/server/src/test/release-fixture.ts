// A release fixture's report requests, answered through the API as each demo login: the frozen release
// answers them when the fixture is made (scripts/make-release-fixture.ts), the current code in the
// upgrade test, over the same rows. Signing in writes nothing the answers show: the login log rows
// and the accounts' last-login figures it changes are put back.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { App } from '../app';
import type { AppContext } from '../context';
import { queryOne, queryRows, sql } from '../db/client';
import { call } from './harness';
import { tokenFor } from './factories';

export interface ReleaseRequest {
  /** The demo login that asks. */
  as: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

export interface ReleaseAnswer {
  status: number;
  body: unknown;
}

export interface ReleaseAnswers {
  /** When the fixture was made: the clock the answers were given at (the dashboard's week). */
  madeAt: string;
  answers: ReleaseAnswer[];
}

export const readRequests = (dir: string): ReleaseRequest[] =>
  JSON.parse(fs.readFileSync(path.join(dir, 'requests.json'), 'utf8')) as ReleaseRequest[];

export const readAnswers = (dir: string): ReleaseAnswers =>
  JSON.parse(
    zlib.gunzipSync(fs.readFileSync(path.join(dir, 'answers.json.gz'))).toString('utf8'),
  ) as ReleaseAnswers;

/** A session token for each demo login of `requests`, leaving no trace the reports show. */
export async function signInDemoLogins(ctx: AppContext, requests: ReleaseRequest[]) {
  const usernames = [...new Set(requests.map((r) => r.as))];
  const accounts = await queryRows<{ id: number; username: string }>(
    ctx.db,
    sql`select id, username from accounts where username in ${usernames}`,
  );
  const last = await queryOne<{ id: string | null }>(ctx.db, sql`select max(id)::text as id from login_logs`);
  const kept = await queryRows<{ id: number; t: string | null; n: number }>(
    ctx.db,
    sql`select id, last_login_time::text as t, login_count as n from accounts`,
  );
  const tokens: Record<string, string> = {};
  for (const a of accounts) tokens[a.username] = await tokenFor(ctx, a.id);
  for (const k of kept)
    await ctx.db.execute(
      sql`update accounts set last_login_time = ${k.t}::timestamptz, login_count = ${k.n} where id = ${k.id}`,
    );
  await ctx.db.execute(sql`update sessions set login_log_id = null where login_log_id > ${last?.id ?? 0}`);
  await ctx.db.execute(sql`delete from login_logs where id > ${last?.id ?? 0}`);
  return tokens;
}

/** Each request's status and body (a CSV export as its text). */
export async function answerRequests(
  app: App,
  tokens: Record<string, string>,
  requests: ReleaseRequest[],
): Promise<ReleaseAnswer[]> {
  const answers: ReleaseAnswer[] = [];
  for (const r of requests) {
    const res = await call(app, r.method, r.url, { token: tokens[r.as], body: r.body });
    answers.push({ status: res.status, body: res.body });
  }
  return answers;
}
