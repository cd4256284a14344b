// Webhook delivery throughput (issue 34: "delivery keeps up: at least 1,000 deliveries a second to a
// loopback receiver"). BENCH_DELIVERIES (20,000 by default) sale.created events for one signed webhook,
// put in the outbox in bulk SQL (setup only) as the ledger writes them, are settled by the real delivery
// path: webhooks/deliver.ts's deliverDue, batch after batch as webhooks/runtime.ts calls it, in this
// process (one server's loop: fan out, claim, sign, send, record). The baseline is a bare loop of HTTP POSTs of the same bodies and headers,
// DELIVERY_BATCH of them at a time as the delivery loop sends, from this process to the same receiver,
// measured before and after the deliveries. The receiver (bench/webhook-receiver.ts, bare node:http) runs
// in its own process on CPU 1, this process on CPU 0 (taskset); PostgreSQL is the machine's own service
// and is not pinned. A warm-up of 1,000 of each runs first. BENCH_WEBHOOK_PARTS=1 also times two steps of
// the delivery path alone (parts(), below).
//
// `npx tsx bench/webhook-delivery.ts`; PostgreSQL at BENCH_PG_URL, database BENCH_WEBHOOK_DB (default
// salesdesk_webhooks, dropped afterwards).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createContext } from '@salesdesk/server/src/bootstrap';
import { encryptSecret } from '@salesdesk/server/src/common/crypto';
import { loadConfig } from '@salesdesk/server/src/config';
import type { AppContext } from '@salesdesk/server/src/context';
import { queryOne, queryRows, sql } from '@salesdesk/server/src/db/client';
import { loadPrincipal } from '@salesdesk/server/src/http/auth';
import { DeliveryStatus, fanOut, isoTime } from '@salesdesk/server/src/ledger';
import { spawnServer } from '@salesdesk/server/src/test/server-process';
import {
  claimDue,
  DELIVERY_BATCH,
  deliverDue,
  EndpointKind,
  eventId,
  payloadOf,
  type DueDelivery,
} from '@salesdesk/server/src/webhooks/deliver';
import { newSigningSecret, signedHeaders } from '@salesdesk/server/src/webhooks/signature';
import { onCpuS, startCpuCount, type CpuSplit } from './lib/cpu';
import { canPin, LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { startApp } from './lib/processes';

const N = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const WARMUP = 1000;
const DB_NAME = process.env.BENCH_WEBHOOK_DB ?? 'salesdesk_webhooks';
const SECRET_KEY = 'bench-secret-key-0123456789abcdef';

interface Timed {
  count: number;
  seconds: number;
  cpu: CpuSplit;
  /** CPU seconds of the PostgreSQL backends serving this database (this process's connections). */
  backendS: number;
}
const rate = (t: Timed) => t.count / t.seconds;

/** CPU seconds so far of each PostgreSQL backend connected to the bench's database. */
async function backendsCpu(ctx: AppContext): Promise<Map<number, number>> {
  const rows = await queryRows<{ pid: number }>(
    ctx.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return new Map(rows.map((r) => [r.pid, onCpuS(r.pid)]));
}

/** Starts counting; the answer gives the CPU seconds the database's backends used since. */
async function startBackendCount(ctx: AppContext): Promise<() => Promise<number>> {
  const before = await backendsCpu(ctx);
  return async () => {
    let s = 0;
    for (const [pid, now] of await backendsCpu(ctx)) s += now - (before.get(pid) ?? 0);
    return s;
  };
}

/** `count` new sale.created events for `endpointId` (which takes them all); answers the last event id before them. */
async function fill(ctx: AppContext, endpointId: number, count: number): Promise<number> {
  const last = await queryOne<{ id: number }>(
    ctx.db,
    sql`select coalesce(max(id), 0)::int as id from webhook_events`,
  );
  // The events alone, as the ledger writes them: the delivery loop fans them out (ledger/events.ts).
  await ctx.db.execute(sql`
    insert into webhook_events (type, office_id, site_id, data)
    select 'sale.created', 1, 1, jsonb_build_object(
             'id', 1000000 + g, 'date', ${isoTime('now()')}, 'eventType', 0, 'status', 'approved',
             'siteId', 1, 'typeId', 1, 'officeId', 1, 'agentId', 1, 'clickId', 5000000 + g,
             'txId', 'bench-' || g, 'payout', '150.00', 'earning', '25.00')
    from generate_series(1, ${count}::int) g`);
  return last!.id;
}

interface Request {
  body: string;
  headers: Record<string, string>;
}

/** The requests the deliveries of the events after `after` make: the same body, signed the same way. */
async function requestsOf(ctx: AppContext, after: number, secret: string): Promise<Request[]> {
  const events = await queryRows<DueDelivery>(
    ctx.db,
    sql`select uid::text as uid, type, version, data, ${isoTime('created_at')} as event_at
        from webhook_events where id > ${after} order by id`,
  );
  const timestamp = Math.floor(Date.now() / 1000);
  return events.map((d) => {
    const body = payloadOf(d, true);
    return {
      body,
      headers: {
        'user-agent': 'Salesdesk-Webhooks/1',
        'content-type': 'application/json',
        ...signedHeaders([secret], eventId(d.uid), timestamp, body),
      },
    };
  });
}

/** One POST through node:http's global agent (as webhooks/send.ts sends), its answer read to the end. */
function post(url: string, r: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: r.headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** The baseline: every request once, DELIVERY_BATCH loops at a time. */
async function bareLoop(
  ctx: AppContext,
  url: string,
  requests: Request[],
  receiverPid: number | undefined,
): Promise<Timed> {
  let next = 0;
  const backends = await startBackendCount(ctx);
  const cpu = startCpuCount(receiverPid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DELIVERY_BATCH }, async () => {
      while (next < requests.length) {
        const status = await post(url, requests[next++]);
        if (status !== 200) throw new Error(`the receiver answered ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { count: requests.length, seconds, cpu: cpu(), backendS: await backends() };
}

/** The delivery loop until nothing is due: each round one deliverDue (a batch of DELIVERY_BATCH fanned out and sent). */
async function deliverAll(ctx: AppContext, receiverPid: number | undefined): Promise<Timed> {
  let count = 0;
  const backends = await startBackendCount(ctx);
  const cpu = startCpuCount(receiverPid);
  const started = performance.now();
  for (let b; (b = await deliverDue(ctx, true)).fanned + b.sent > 0;) count += b.sent;
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, cpu: cpu(), backendS: await backends() };
}

/** Every delivery after event `after` delivered at its first attempt. */
async function checkDelivered(ctx: AppContext, after: number, count: number) {
  const rows = await queryRows<{ status: number; n: number; attempts: number }>(
    ctx.db,
    sql`select status, count(*)::int as n, max(attempts)::int as attempts from webhook_deliveries
        where event_id > ${after} group by status`,
  );
  const ok = rows.length === 1 && rows[0].status === DeliveryStatus.Delivered && rows[0].n === count;
  if (!ok || rows[0].attempts !== 1)
    throw new Error(`deliveries not all delivered once: ${JSON.stringify(rows)}`);
}

/** `count` calls of `fn`, DELIVERY_BATCH at a time, timed as the passes are. */
async function timedCalls(ctx: AppContext, count: number, fn: () => Promise<unknown>): Promise<Timed> {
  let next = 0;
  const backends = await startBackendCount(ctx);
  const cpu = startCpuCount(undefined);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DELIVERY_BATCH }, async () => {
      while (next++ < count) await fn();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, cpu: cpu(), backendS: await backends() };
}

/**
 * BENCH_WEBHOOK_PARTS=1: two steps of the delivery path alone, each `count` times: the owner's account
 * read every delivery makes (loadPrincipal), DELIVERY_BATCH at a time, and the claim (claimDue) of
 * `count` new deliveries batch after batch (each then marked delivered in bulk).
 */
async function parts(ctx: AppContext, endpointId: number, ownerId: number, count: number) {
  const owner = await timedCalls(ctx, count, () => loadPrincipal(ctx, ownerId));
  const after = await fill(ctx, endpointId, count);
  await fanOut(ctx.db, count); // not timed: the claim alone is
  const backends = await startBackendCount(ctx);
  const cpu = startCpuCount(undefined);
  const started = performance.now();
  let claimed = 0;
  for (let n; (n = (await claimDue(ctx.db, ctx.config.webhookLeaseS)).length) > 0;) claimed += n;
  const claim: Timed = {
    count: claimed,
    seconds: (performance.now() - started) / 1000,
    cpu: cpu(),
    backendS: await backends(),
  };
  await ctx.db.execute(
    sql`update webhook_deliveries set status = ${DeliveryStatus.Delivered} where event_id > ${after}`,
  );
  console.log(`owner's account read (loadPrincipal) alone: ${rate(owner).toFixed(0)} /s; ${cpuLine(owner)}`);
  console.log(`claim (claimDue) alone: ${rate(claim).toFixed(0)} deliveries/s; ${cpuLine(claim)}`);
}

const receiverCount = async (base: string) => Number(await (await fetch(`${base}/count`)).text());

/** CPU per request of this process, the receiver and this database's backends, and how busy the CPUs were. */
const cpuLine = ({ cpu, backendS, count }: Timed) => {
  const us = (s: number) => `${Math.round((s / count) * 1e6)} µs`;
  return (
    `CPU per request: this process ${us(cpu.benchS)}, receiver ${us(cpu.serverS)}, PostgreSQL backends of ` +
    `this database ${us(backendS)}; CPUs busy ${cpu.busy.map((b) => `${Math.round(b * 100)} %`).join(', ')}`
  );
};

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`load average at the start: ${load()}`);
const url = await freshDatabase(DB_NAME);
// The demo data (the endpoint's owner) through the app's own first start, then the app stops.
const seeded = await startApp({ databaseUrl: url, demoScale: 0 });
await seeded.stop();
fs.rmSync(seeded.dataDir, { recursive: true, force: true });

const receiver = await spawnServer({
  args: ['--import', 'tsx', 'bench/webhook-receiver.ts'],
  readyPath: '/count',
});
const pinned = canPin();
if (pinned) {
  pin(receiver.pid!, SERVER_CPU);
  pin(process.pid, LOAD_CPU);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-'));
const { ctx, database } = await createContext(
  loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'warn' }),
);
try {
  const hook = `${receiver.baseUrl}/hook`;
  const secret = newSigningSecret();
  const owner = await queryOne<{ id: number }>(ctx.db, sql`select id from accounts where username = 'super'`);
  const [endpoint] = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into webhook_endpoints (owner_id, kind, name, url, event_types, secret)
        values (${owner!.id}, ${EndpointKind.Webhook}, 'bench', ${hook}, '{sale.created}',
                ${encryptSecret(ctx.keys, secret)})
        returning id`,
  );

  // Warm-up: both paths once, not measured.
  const warm = await fill(ctx, endpoint.id, WARMUP);
  await deliverAll(ctx, receiver.pid);
  await checkDelivered(ctx, warm, WARMUP);
  await bareLoop(ctx, hook, await requestsOf(ctx, warm, secret), receiver.pid);

  const before = await fill(ctx, endpoint.id, N);
  const requests = await requestsOf(ctx, before, secret);
  const posted0 = await receiverCount(receiver.baseUrl);
  const bare1 = await bareLoop(ctx, hook, requests, receiver.pid);
  const posted1 = await receiverCount(receiver.baseUrl);
  const delivered = await deliverAll(ctx, receiver.pid);
  const posted2 = await receiverCount(receiver.baseUrl);
  const bare2 = await bareLoop(ctx, hook, requests, receiver.pid);
  const posted3 = await receiverCount(receiver.baseUrl);
  await checkDelivered(ctx, before, N);
  if ([posted1 - posted0, posted2 - posted1, posted3 - posted2].some((n) => n !== N))
    throw new Error(`the receiver counted ${posted1 - posted0}, ${posted2 - posted1}, ${posted3 - posted2}`);

  const baseline = (rate(bare1) + rate(bare2)) / 2;
  console.log(
    `${N} deliveries, DELIVERY_BATCH ${DELIVERY_BATCH}, ${pinned ? 'receiver on CPU 1, this process on CPU 0' : 'not pinned (taskset or a second CPU missing)'}`,
  );
  console.log(
    `bare POST loop, before: ${rate(bare1).toFixed(0)} /s in ${bare1.seconds.toFixed(2)} s; ${cpuLine(bare1)}`,
  );
  console.log(
    `delivery loop (deliverDue): ${rate(delivered).toFixed(0)} /s in ${delivered.seconds.toFixed(2)} s; ${cpuLine(delivered)}`,
  );
  console.log(
    `bare POST loop, after: ${rate(bare2).toFixed(0)} /s in ${bare2.seconds.toFixed(2)} s; ${cpuLine(bare2)}`,
  );
  console.log(
    `ratio deliveries / bare POSTs (mean of before and after): ${(rate(delivered) / baseline).toFixed(3)}; ` +
      `every delivery delivered at its first attempt, the receiver counted ${N} requests in each pass`,
  );
  if (process.env.BENCH_WEBHOOK_PARTS === '1') await parts(ctx, endpoint.id, owner!.id, N);
  console.log(`load average at the end: ${load()}`);
} finally {
  await database.close();
  await receiver.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(DB_NAME);
}
