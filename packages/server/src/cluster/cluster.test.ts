// Three nodes on PostgreSQL and Redis behind HAProxy (deploy/haproxy.cfg): what must hold across nodes holds
// through the load balancer as it does on one node. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set
// and HAProxy is installed (.ci/run). The demo data is seeded before the nodes start: site 1 with types 1
// and 2 and agents 1 to 10; every password is demo1234.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OPTION_NAMES, invalidReasonCode } from '@salesdesk/contract';
import { accounts } from '../db/schema';
import { queryRows, sql, type Database, type Db } from '../db/client';
import type { AppContext } from '../context';
import { CAPTCHA_FAILED, LOGIN_FAILED, THROTTLED } from '../auth/service';
import { DEMO_LOGINS, seedDemo } from '../demo/data';
import { closeTracking } from '../tracking/runtime';
import { findRuns } from '../jobs/job-runs';
import { nextUnblockTime, UNBLOCK_JOB } from '../jobs/login-unblock';
import { tokenFor } from '../test/factories';
import { clickIdOf } from '../test/cluster-checks';
import {
  CAPTCHA_ANSWER,
  clusterContext,
  clusterSkipReason,
  send,
  startCluster,
  type Cluster,
} from '../test/cluster-fixtures';
import { sleep } from '../test/durability-fixtures';

const skip = clusterSkipReason();
const PASSWORD = DEMO_LOGINS.password;
/** How long after the nodes are spawned their jobs' clock reaches 01:00 Eastern. */
const UNBLOCK_LEAD_MS = 12_000;
const BLOCKED = ['agent07', 'agent08', 'agent09'];

let cluster: Cluster;
let ctx: AppContext;
let database: Database;
let db: Db;
/** The 01:00 Eastern the nodes' shifted clocks reach, and the real instant they reach it. */
let unblockDue: Date;
let unblockAt: number;

describe.skipIf(skip)('three nodes behind HAProxy', () => {
  beforeAll(async () => {
    cluster = await startCluster({
      tag: 'checks',
      prepare: async (c) => {
        await seedDemo(c, { scale: 0 });
        await closeTracking(c);
        await c.db.update(accounts).set({ loginBlocked: true }).where(inArray(accounts.username, BLOCKED));
      },
      env: () => {
        unblockAt = Date.now() + UNBLOCK_LEAD_MS;
        unblockDue = nextUnblockTime(new Date());
        return { JOBS_TEST_CLOCK_SHIFT_MS: String(unblockDue.getTime() - unblockAt) };
      },
    });
    ({ ctx, database } = await clusterContext(cluster));
    db = ctx.db;
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  });

  const at = (url: string, opts: Parameters<typeof send>[3] = {}) => send(cluster.base, 'GET', url, opts);

  /** A password sign-in with a fresh captcha, from the client address `from`. */
  async function login(username: string, password: string, from: string, headers?: Record<string, string>) {
    const captcha = await at('/api/captcha', { from });
    return send<{ message?: string }>(cluster.base, 'POST', '/api/auth/login', {
      from,
      headers,
      body: {
        username,
        password,
        captchaString: CAPTCHA_ANSWER,
        captchaCheck: (captcha.body as { check: string }).check,
      },
    });
  }

  it('gives the nodes the client address HAProxy saw, never one the client claims', async () => {
    const claimed = { 'x-forwarded-for': '203.0.113.7' };
    const click = await at('/api/links/go/1/2/2', { from: '127.0.0.31', headers: claimed });
    expect(click.status).toBe(302);
    expect((await login('agent02', PASSWORD, '127.0.0.32', claimed)).status).toBe(200);
    const id = clickIdOf(click.headers.location);
    const clickIp = await until(async () => {
      const rows = await queryRows<{ ip: string }>(db, sql`select ip from clicks where id = ${id}`);
      return rows[0]?.ip;
    });
    // The click lane and Fastify read the address the same way (http/lane.ts, TRUST_PROXY).
    const sessionIps = await queryRows<{ ip: string }>(
      db,
      sql`select s.ip from sessions s join accounts a on a.id = s.account_id where a.username = 'agent02'`,
    );
    expect([clickIp, sessionIps.map((r) => r.ip)]).toEqual(['127.0.0.31', ['127.0.0.32']]);
  });

  it('locks a (username, address) pair after ten wrong passwords spread over the nodes, as one node does', async () => {
    const from = '127.0.0.21';
    const tries = [];
    for (let i = 0; i < 10; i++) tries.push(await login('agent05', 'wrong-password', from));
    expect(tries.map((t) => [t.status, t.body.message])).toEqual(Array(10).fill([400, LOGIN_FAILED]));
    expect(new Set(tries.map((t) => t.node)).size).toBe(3);
    // The right password from that address is refused on every node, as after ten tries on one.
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await login('agent05', PASSWORD, from));
    expect(after.map((t) => [t.status, t.body.message])).toEqual(Array(3).fill([429, THROTTLED]));
    expect(new Set(after.map((t) => t.node)).size).toBe(3);
    // The pair is locked, not the account: from another address it signs in.
    expect((await login('agent05', PASSWORD, '127.0.0.22')).status).toBe(200);
  });

  it('refuses on another node a captcha answer already used on one', async () => {
    const from = '127.0.0.23';
    const captcha = await at('/api/captcha', { from });
    const body = {
      username: 'agent06',
      password: PASSWORD,
      captchaString: CAPTCHA_ANSWER,
      captchaCheck: (captcha.body as { check: string }).check,
    };
    const first = await send<{ message?: string }>(cluster.base, 'POST', '/api/auth/login', { from, body });
    expect(first.status).toBe(200);
    const again = [];
    for (let i = 0; i < 2; i++)
      again.push(await send<{ message?: string }>(cluster.base, 'POST', '/api/auth/login', { from, body }));
    expect(again.map((a) => a.node)).not.toContain(first.node);
    expect(again.map((a) => [a.status, a.body.message])).toEqual(Array(2).fill([400, CAPTCHA_FAILED]));
  });

  it('counts a click unique once per (type, agent, address) and Eastern day across nodes', async () => {
    const from = '127.0.0.24';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await at('/api/links/go/1/1/3', { from }));
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302]);
    expect(new Set(answers.map((a) => a.node)).size).toBe(3);
    const ids = answers.map((a) => clickIdOf(a.headers.location));
    const unique = await until(async () => {
      const rows = await queryRows<{ id: string; is_unique: boolean }>(
        db,
        sql`select id::text, is_unique from clicks where id = any(${sql.param(ids)}::bigint[])`,
      );
      return rows.length === ids.length ? new Map(rows.map((r) => [Number(r.id), r.is_unique])) : undefined;
    });
    // In the order they were clicked (each node draws its ids from its own block).
    expect(ids.map((id) => unique.get(id))).toEqual([true, false, false]);
  });

  it('counts a repeat across nodes: the clicks past N of one address on a link are repeats wherever they land', async () => {
    const [superAccount] = await db.select().from(accounts).where(eq(accounts.username, 'super'));
    const token = await tokenFor(ctx, superAccount.id);
    const rule = [
      { name: INVALID_OPTION_NAMES.repeatClicksMax, value: '2' },
      { name: INVALID_OPTION_NAMES.repeatClicksMinutes, value: '10' },
    ];
    expect((await send(cluster.base, 'POST', '/api/options', { token, body: rule })).status).toBe(200);
    try {
      // Every node has the rule within a second (the options notice).
      await sleep(1000);
      const from = '127.0.0.26';
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await at('/api/links/go/1/1/5', { from }));
      expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302]);
      expect(new Set(answers.map((a) => a.node)).size).toBe(3);
      const ids = answers.map((a) => clickIdOf(a.headers.location));
      const reasons = await until(async () => {
        const rows = await queryRows<{ id: string; invalid_reason: number }>(
          db,
          sql`select id::text, invalid_reason from clicks where id = any(${sql.param(ids)}::bigint[])`,
        );
        return rows.length === ids.length
          ? new Map(rows.map((r) => [Number(r.id), r.invalid_reason]))
          : undefined;
      });
      const repeat = invalidReasonCode('REPEAT');
      expect(ids.map((id) => reasons.get(id))).toEqual([0, 0, repeat, repeat]);
    } finally {
      const back = rule.map((o) => ({ ...o, value: '10' }));
      await send(cluster.base, 'POST', '/api/options', { token, body: back });
    }
  });

  it('stops a site suspended through one node on every node within a second, and starts it again', async () => {
    const [superAccount] = await db.select().from(accounts).where(eq(accounts.username, 'super'));
    const token = await tokenFor(ctx, superAccount.id);
    const link = '/api/links/go/1/2/4';
    const everyNode = (status: number) =>
      Promise.all(
        cluster.nodes.map(async (node) => {
          const started = Date.now();
          while ((await send(node.base, 'GET', link)).status !== status) {
            if (Date.now() - started > 5000) throw new Error(`${node.base} never answered ${status}`);
            await sleep(10);
          }
          return Date.now() - started;
        }),
      );
    await everyNode(302);
    for (const [status, answer] of [
      [false, 404],
      [true, 302],
    ] as const) {
      const res = await send(cluster.base, 'POST', '/api/sites/status', {
        token,
        body: { ids: [1], status },
      });
      expect(res.status).toBe(200);
      const ms = await everyNode(answer);
      expect(Math.max(...ms), `ms until each node answered ${answer}: ${ms.join(', ')}`).toBeLessThan(1000);
    }
  });

  it('runs the 01:00 Eastern unblock once: one ledger row, one node logged it, the accounts unblocked', async () => {
    await sleep(Math.max(0, unblockAt - Date.now()));
    const run = await until(async () => {
      const runs = (await findRuns(db, UNBLOCK_JOB)).filter(
        (r) => r.dueAt.getTime() === unblockDue.getTime(),
      );
      return runs[0]?.finishedAt ? runs : undefined;
    }, 30_000);
    expect(run).toHaveLength(1);
    const line = `01:00 Eastern: login unblocked for ${BLOCKED.length} account(s)`;
    const count = () => cluster.nodes.map((n) => n.output.split(line).length - 1);
    // The run's row is finished before its node's line has come through the pipe: wait for the line.
    const ran = await until(async () => (count().some((n) => n > 0) ? count() : undefined)).catch(count);
    expect(
      ran.reduce((a, b) => a + b, 0),
      cluster.outputs(),
    ).toBe(1);
    expect(run[0].node).toBe(cluster.nodeNames[ran.indexOf(1)]);
    const rows = await db.select().from(accounts).where(inArray(accounts.username, BLOCKED));
    expect(rows.map((r) => r.loginBlocked)).toEqual([false, false, false]);
  });
});

/** Polls `read` until it answers something, at most `ms`. */
async function until<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the rows never appeared');
    await sleep(50);
  }
}
