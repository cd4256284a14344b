// Deliveries (issue 34): a receiver on loopback gets each owed event once, signed as the Standard Webhooks
// reference library verifies it, retried or failed as its answer says, and nothing reaches a refused
// address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPTION_NAMES, Role, webhookPayload, type TWebhookEventType } from '@salesdesk/contract';
import { encryptSecret } from '../common/crypto';
import { queryOne, sql } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { DeliveryStatus, fanOut } from '../ledger';
import { recordSale } from '../postback/service';
import { saveOptions } from '../settings/sql';
import { buildAdmin, buildClickPath, uniqueName } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { until } from '../test/until';
import { recordClick } from '../tracking/service';
import { DELIVERY_BATCH, deliverDue, EndpointKind } from './deliver';
import { startDeliveries } from './runtime';
import { isRefusedAddress } from './address';
import { send } from './send';
import { newSigningSecret, signedHeaders } from './signature';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let env: TestEnv;
let superId: number;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** How the receiver answers a path: status, or a behaviour. */
const answers: Record<string, (res: http.ServerResponse) => void> = {
  '/ok': (res) => res.end('thanks'),
  '/fail': (res) => res.writeHead(500).end('down'),
  '/gone': (res) => res.writeHead(410).end('gone'),
  '/big': (res) => res.end('x'.repeat(10 * 1024 * 1024)),
  '/hang': () => undefined,
  '/to-metadata': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end(),
};
const endpoints: number[] = [];

beforeAll(async () => {
  env = await testEnv();
  superId = (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId;
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      (answers[new URL(req.url!, 'http://x').pathname] ?? answers['/ok'])(res);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  if (endpoints.length) {
    await env.ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpoints));
    await env.ctx.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, endpoints));
  }
});
beforeEach(() => {
  received.length = 0;
});

async function endpoint(o: {
  siteId: number;
  path: string;
  ownerId?: number;
  officeId?: number;
  kind?: number;
  secret?: string;
  previous?: string;
  types?: TWebhookEventType[];
}) {
  const [row] = await env.ctx.db
    .insert(webhookEndpoints)
    .values({
      ownerId: o.ownerId ?? superId,
      officeId: o.officeId ?? null,
      kind: o.kind ?? EndpointKind.Webhook,
      name: uniqueName('test'),
      url: base + o.path,
      eventTypes: o.types ?? ['sale.created'],
      siteIds: [o.siteId],
      secret: o.secret ? encryptSecret(env.ctx.keys, o.secret) : null,
      previousSecret: o.previous ? encryptSecret(env.ctx.keys, o.previous) : null,
      previousSecretUntil: o.previous ? new Date(Date.now() + 86_400_000) : null,
    })
    .returning({ id: webhookEndpoints.id });
  endpoints.push(row.id);
  return row.id;
}

let tx = 0;
async function postSale(p: Awaited<ReturnType<typeof buildClickPath>>) {
  const at = new Date('2026-02-12T10:00:00-05:00');
  const click = await recordClick(env.ctx, {
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    ip: '10.32.0.1',
    time: at,
  });
  const txId = `dl-${++tx}`;
  return (
    await recordSale(env.ctx, { siteId: p.site.id, clickId: click!.clickId, event: 'sale', txId, date: at })
  ).saleId;
}

const deliveryOf = async (endpointId: number) => {
  await fanOut(env.ctx.db, 100_000);
  const [row] = await env.ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return row;
};

/** Delivers until nothing is due now (other files' leftovers included). */
async function drain(allowPrivate = true) {
  for (let b; (b = await deliverDue(env.ctx, allowPrivate)).fanned + b.sent > 0;);
}

describe('webhook deliveries', () => {
  it('sends each event once, signed as the reference library verifies, with the raw row’s figures', async () => {
    const p = await buildClickPath(env.ctx);
    const secret = newSigningSecret();
    const id = await endpoint({ siteId: p.site.id, path: '/ok', secret });
    const saleId = await postSale(p);
    await drain();
    await drain();
    expect(received).toHaveLength(1);
    const [got] = received;
    const payload = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as {
      id: string;
      data: { id: number; payout: string; earning: string };
    };
    expect(webhookPayload('sale.created').safeParse(payload).success).toBe(true);
    const row = await queryOne<{ payout: string; earning: string }>(
      env.ctx.db,
      sql`select payout::text, earning::text from sales where id = ${saleId}`,
    );
    expect(payload.data).toMatchObject({ id: saleId, payout: row!.payout, earning: row!.earning });
    expect(got.headers['webhook-id']).toBe(payload.id);
    const d = await deliveryOf(id);
    expect([d.status, d.attempts, d.lastStatus, d.lastAnswer]).toEqual([
      DeliveryStatus.Delivered,
      1,
      200,
      'thanks',
    ]);
  });

  it('signs with both secrets during a rotation, and a replay older than 5 minutes is refused', async () => {
    const p = await buildClickPath(env.ctx);
    const [secret, previous] = [newSigningSecret(), newSigningSecret()];
    await endpoint({ siteId: p.site.id, path: '/ok', secret, previous });
    await postSale(p);
    await drain();
    const [got] = received;
    const headers = got.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(got.body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(got.body, headers)).toBeTruthy();
    expect(() => new Webhook(newSigningSecret()).verify(got.body, headers)).toThrow();
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const replay = signedHeaders([secret], headers['webhook-id'], old, got.body);
    expect(() => new Webhook(secret).verify(got.body, replay)).toThrow(/timestamp/i);
  });

  it('retries a 5xx later with the same webhook-id, and fails a 410 for good', async () => {
    const p = await buildClickPath(env.ctx);
    const down = await endpoint({ siteId: p.site.id, path: '/fail', secret: newSigningSecret() });
    const gone = await endpoint({ siteId: p.site.id, path: '/gone', secret: newSigningSecret() });
    await postSale(p);
    const before = Date.now();
    await drain();
    const retry = await deliveryOf(down);
    expect([retry.status, retry.attempts, retry.lastStatus, retry.lastAnswer]).toEqual([
      DeliveryStatus.Pending,
      1,
      500,
      'down',
    ]);
    // About 10 s after the first failure.
    expect(retry.nextAt.getTime()).toBeGreaterThanOrEqual(before + 9_000);
    expect(retry.nextAt.getTime()).toBeLessThan(Date.now() + 11_000);
    expect((await deliveryOf(gone)).status).toBe(DeliveryStatus.Failed);
    // Due again now: the retry keeps its id.
    await env.ctx.db
      .update(webhookDeliveries)
      .set({ nextAt: new Date() })
      .where(eq(webhookDeliveries.id, retry.id));
    await drain();
    const ids = received.filter((r) => r.url === '/fail').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect((await deliveryOf(down)).attempts).toBe(2);
  });

  it('sends a new sale’s delivery leased by its fan-out, and keeps places for those due again', async () => {
    const p = await buildClickPath(env.ctx);
    const id = await endpoint({ siteId: p.site.id, path: '/ok', secret: newSigningSecret() });
    await drain();
    // One delivery due (made by a fan-out that leased nothing), then more new sales than a batch holds.
    await postSale(p);
    await fanOut(env.ctx.db, 100_000);
    for (let i = 0; i < DELIVERY_BATCH + 5; i++) await postSale(p);
    const batch = await deliverDue(env.ctx, true);
    expect(batch.fanned).toBe(DELIVERY_BATCH);
    expect(batch.sent).toBe(DELIVERY_BATCH + 1);
    await drain();
    const rows = await env.ctx.db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    expect(rows).toHaveLength(DELIVERY_BATCH + 6);
    // Each sent once, at its first attempt, whether leased by its fan-out or claimed.
    expect(rows.every((r) => r.status === DeliveryStatus.Delivered && r.attempts === 1)).toBe(true);
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(DELIVERY_BATCH + 6);
    expect(ids).toHaveLength(DELIVERY_BATCH + 6);
  });

  it('sends each of many deliveries once when two workers take them at once', async () => {
    const p = await buildClickPath(env.ctx);
    await endpoint({ siteId: p.site.id, path: '/ok', secret: newSigningSecret() });
    for (let i = 0; i < 30; i++) await postSale(p);
    await fanOut(env.ctx.db, 1000);
    // Two batches of 20 taken at the same moment (PostgreSQL: two connections, SKIP LOCKED).
    const taken = await Promise.all([deliverDue(env.ctx, true), deliverDue(env.ctx, true)]);
    await drain();
    expect(taken[0].sent + taken[1].sent).toBeGreaterThanOrEqual(30);
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('is sent by the server’s own loop within seconds, to a private address only when the option allows', async () => {
    const p = await buildClickPath(env.ctx);
    const id = await endpoint({ siteId: p.site.id, path: '/ok', secret: newSigningSecret() });
    await saveOptions(env.ctx.db, [{ name: OPTION_NAMES.webhooksPrivateAddresses, value: '1' }]);
    const stop = startDeliveries(env.ctx, (msg) => {
      throw new Error(msg);
    });
    try {
      await postSale(p);
      await until(() => received.length === 1, 'the delivery');
      await until(async () => (await deliveryOf(id)).status === DeliveryStatus.Delivered, 'its record');
    } finally {
      await stop();
      await saveOptions(env.ctx.db, [{ name: OPTION_NAMES.webhooksPrivateAddresses, value: '0' }]);
    }
  });

  it('reaches no refused address, by name or by redirect, unless private addresses are allowed', async () => {
    const p = await buildClickPath(env.ctx);
    const id = await endpoint({ siteId: p.site.id, path: '/ok', secret: newSigningSecret() });
    await postSale(p);
    await drain(false);
    expect(received).toEqual([]);
    const d = await deliveryOf(id);
    expect([d.status, d.lastStatus]).toEqual([DeliveryStatus.Failed, null]);
    expect(d.lastError).toMatch(/refused address/);
    const port = new URL(base).port;
    // A name resolving to loopback is refused after DNS; a redirect to the metadata address is not followed.
    const byName = await send({ method: 'GET', url: `http://localhost:${port}/ok`, headers: {} }, false);
    expect([byName.status, byName.refused]).toEqual([null, true]);
    // The metadata address stays refused even where private addresses are allowed.
    const redirected = await send({ method: 'GET', url: `${base}/to-metadata`, headers: {} }, true);
    expect([redirected.status, redirected.refused]).toEqual([null, true]);
    expect(isRefusedAddress('10.1.2.3', true)).toBe(false);
    expect(isRefusedAddress('169.254.169.254', true)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      'fd00:ec2::254',
      'x',
    ])
      expect(isRefusedAddress(ip), ip).toBe(true);
    expect(isRefusedAddress('93.184.216.34')).toBe(false);
    expect((await send({ method: 'GET', url: 'ftp://example.com/x', headers: {} }, true)).error).toBe(
      'Only http and https addresses',
    );
  });

  it('keeps 2 KiB of a 10 MB answer, and gives up on a receiver that hangs', async () => {
    const big = await send({ method: 'GET', url: `${base}/big`, headers: {} }, true);
    expect([big.status, big.answer.length]).toEqual([200, 2048]);
    const hang = await send({ method: 'GET', url: `${base}/hang`, headers: {} }, true, 300);
    expect([hang.status, hang.refused, hang.error]).toEqual([null, false, 'No answer within 0.3 s']);
  });

  it('fills a postback URL’s macros, and an office never receives earnings it may not see', async () => {
    const p = await buildClickPath(env.ctx);
    await endpoint({
      siteId: p.site.id,
      path: '/ok?e={event}&s={sale_id}&p={payout}&earn={earning}&t={tx_id}&x={unknown}',
      kind: EndpointKind.Postback,
      ownerId: p.office.accountId,
      officeId: p.office.id,
    });
    const saleId = await postSale(p);
    await drain();
    const [got] = received;
    expect(got.method).toBe('GET');
    const q = new URL(got.url, base).searchParams;
    const row = await queryOne<{ payout: string }>(
      env.ctx.db,
      sql`select payout::text from sales where id = ${saleId}`,
    );
    expect(Object.fromEntries(q)).toEqual({
      e: 'sale.created',
      s: String(saleId),
      p: row!.payout,
      earn: '',
      t: `dl-${tx}`,
      x: '{unknown}',
    });
  });
});
