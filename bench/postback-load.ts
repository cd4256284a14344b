// The postback load of the benchmarks: sites in turn, known clicks, a new txId each, and many client
// addresses. Both limits stay on: each 2,000 requests come from a new X-Forwarded-For address (the app
// trusts the loopback proxy: POSTBACK_APP_ENV) and, on PostgreSQL, copies of the demo sites share the
// load, so neither 6,000 a minute per address nor per site is reached.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { FRAUD_MODES, FRAUD_OPTION_NAMES, type TFraudMode } from '@salesdesk/contract';
import { DEMO_PASSWORD } from '../packages/server/src/demo/data';
import { checkClickLinks, DEMO_SITES } from './demo-links';
import { sleep, startApp, type AppServer } from './lib/processes';

const REQUESTS_PER_ADDRESS = 2000;
/** Site copies added on PostgreSQL (BENCH_SITES). */
export const EXTRA_SITES = Number(process.env.BENCH_SITES ?? 40);
export const POSTBACK_APP_ENV = { TRUST_PROXY: '127.0.0.1' };

/**
 * The n-th postback's path: sites in turn, a known click of that site, a transaction id never used, and a
 * customer e-mail of this run alone (the repeated e-mail rule would otherwise flag every sale of a second
 * run on the same database, where the n-th e-mail meets the same site again).
 */
export function postbackPath(clicks: Map<number, number[]>, run: string) {
  const sites = [...clicks.keys()];
  return (n: number) => {
    const site = sites[n % sites.length];
    const ids = clicks.get(site)!;
    const clickId = ids[Math.floor(n / sites.length) % ids.length];
    return `/api/postback/${site}?token=demo-${site}&clickId=${clickId}&event=sale&txId=${run}-${n}&email=c${n}.${run}%40mail.example`;
  };
}

/** The n-th postback's client address. */
export function postbackHeaders(n: number): Record<string, string> {
  const a = Math.floor(n / REQUESTS_PER_ADDRESS);
  return { 'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}` };
}

/** Copies of the demo sites (token demo-{id}) with copies of their clicks; the app reloads its cache. */
export async function addSites(
  url: string,
  clickIds: Map<number, number[]>,
  extraSites: number,
): Promise<Map<number, number[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = await copySites((text, params) => client.query(text, params), clickIds, extraSites);
    await client.query(`select pg_notify('salesdesk_changes', 'bench tracking')`);
    await sleep(1000); // the app reloads its cache with the new tokens
    return all;
  } finally {
    await client.end();
  }
}

/** A query of node-postgres's client or of PGlite: both answer `{ rows }`. */
export type SqlQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The copies of the demo sites and of their clicks, through `query`: a PostgreSQL connection while the
 * app runs (addSites), or the PGlite directory opened while the app is stopped (it reads the tokens at start).
 */
export async function copySites(
  query: SqlQuery,
  clickIds: Map<number, number[]>,
  extraSites: number,
): Promise<Map<number, number[]>> {
  const all = new Map(clickIds);
  for (let i = 0; i < extraSites; i++) {
    const from = DEMO_SITES[i % DEMO_SITES.length];
    const { rows } = await query(
      `insert into sites (sitename, shortname, abbr, url, click_param, type, status, hidden, special_report,
         use_approve_sale, avp, postback_token)
       select sitename || ' bench ${i}', shortname, abbr, url, click_param, type, status, hidden, special_report,
         use_approve_sale, avp, 'pending' from sites where id = $1 returning id`,
      [from],
    );
    const site = (rows[0] as { id: number }).id;
    await query(`update sites set postback_token = 'demo-' || id where id = $1`, [site]);
    const clicks = await query(
      `insert into clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent)
       select nextval('click_id_seq'), click_time, $1, type_id, agent_id, office_id, ip, is_unique, referer, user_agent
       from clicks where id = any($2::bigint[]) returning id`,
      [site, clickIds.get(from)],
    );
    all.set(
      site,
      (clicks.rows as { id: string }[]).map((r) => Number(r.id)),
    );
  }
  return all;
}

/** BENCH_FRAUD=off|flag|hold: every fraud rule in that mode for the run; unset, the app's defaults (flag). */
export function fraudModeOfEnv(): TFraudMode | undefined {
  const mode = process.env.BENCH_FRAUD;
  if (mode === undefined) return undefined;
  if (!(FRAUD_MODES as readonly string[]).includes(mode)) throw new Error(`BENCH_FRAUD: ${mode}?`);
  return mode as TFraudMode;
}

/** The demo superadmin's session token (the login's limit is 30 a minute: log in once per run). */
export async function superToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'super', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** Sets every fraud rule's mode as System Options saves it: the superadmin's POST /api/options. */
export async function setFraudModes(baseUrl: string, mode: TFraudMode, token?: string) {
  token ??= await superToken(baseUrl);
  const n = FRAUD_OPTION_NAMES;
  const modes = [n.fastSaleMode, n.repeatEmailMode, n.selfReferralMode, n.refundRateMode];
  const res = await fetch(`${baseUrl}/api/options`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(modes.map((name) => ({ name, value: mode }))),
  });
  if (!res.ok) throw new Error(`options: ${res.status} ${await res.text()}`);
}

/**
 * Checks the demo links of `app` (started with POSTBACK_APP_ENV), then adds EXTRA_SITES copies of the demo
 * sites and their clicks, so no site reaches 6,000 postbacks a minute: on PostgreSQL (`url`) while the app
 * runs; on PGlite, whose directory has one owner, with the app stopped and started again on the data.
 * Answers the running app and the known clicks by site.
 */
export async function withSiteCopies(app: AppServer, url: string | undefined) {
  const demoClicks = await checkClickLinks(app.baseUrl);
  await sleep(500);
  if (url) return { app, clickIds: await addSites(url, demoClicks, EXTRA_SITES) };
  await app.stop();
  const lite = await PGlite.create(path.join(app.dataDir, 'pglite'));
  const clickIds = await copySites(
    (t, p) => lite.query(t, p) as ReturnType<SqlQuery>,
    demoClicks,
    EXTRA_SITES,
  );
  await lite.close();
  return { app: await startApp({ env: POSTBACK_APP_ENV, dataDir: app.dataDir }), clickIds };
}
