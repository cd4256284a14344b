// Webhook endpoints through the API: who may have them, the secret shown once and kept encrypted, its
// rotation, disable and enable with the held deliveries, the test event and the Delivery Log, Resend,
// the disabling after 20 failures over a day with its mails, the audit rows in words, and input sent as
// an attacker would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  Role,
  WEBHOOK_DISABLED_ACTION,
  WEBHOOK_MAX_LIVE,
  WEBHOOK_NAME_TAKEN,
  WEBHOOK_TOO_MANY,
  type TAttemptList,
  type TAuditLogRow,
  type TList,
  type TWebhookCreated,
  type TWebhookList,
  type TWebhookRow,
  type TWebhookSecret,
} from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import {
  buildAdmin,
  buildAgent,
  buildClickPath,
  buildOffice,
  buildSite,
  tokenFor,
  uniqueName,
} from '../test/factories';
import { recordSale } from '../postback/service';
import { recordClick } from '../tracking/service';
import { buildKey } from '../test/api-keys-fixtures';
import { auditMark, auditRowsSince, auditTextSince } from '../test/audit-fixtures';
import type { Mail, Mailer } from '../common/mailer';
import { decryptSecret } from '../common/crypto';
import { queryRows } from '../db/client';
import { accounts, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { DeliveryStatus, fanOut } from '../ledger';
import { deliverDue } from './deliver';

let env: TestEnv;
let receiver: http.Server;
let base: string;
const received: Array<{ headers: http.IncomingHttpHeaders; body: string; url: string }> = [];
const mails: Mail[] = [];
const capture: Mailer = { send: async (m) => void mails.push(m) };
const made: number[] = [];

beforeAll(async () => {
  env = await testEnv();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url! });
      res.writeHead(req.url === '/fail' ? 500 : 200).end(req.url === '/fail' ? 'down' : 'ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  if (made.length) {
    await env.ctx.db.delete(webhookAttempts).where(inArray(webhookAttempts.endpointId, made));
    await env.ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, made));
    await env.ctx.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, made));
  }
});

type Answer = TWebhookCreated & { code?: string; message?: string; data?: Record<string, string[]> };
const create = async (token: string, body: unknown) => {
  const r = await call<Answer>(env.app, 'PUT', 'webhooks', { token, body });
  if (r.status === 200) made.push(r.body.id);
  return r;
};
const post = <T>(token: string, url: string, body?: unknown) =>
  call<T & { code?: string; message?: string }>(env.app, 'POST', url, { token, body });
// A day of its own in the past: the dashboard's tests of the worker's database count this week's sales.
const SALE_DAY = new Date('2026-02-12T15:00:00-05:00');
const hook = (over: Record<string, unknown> = {}) => ({
  kind: 'webhook',
  name: uniqueName('h'),
  url: `${base}/ok`,
  eventTypes: ['sale.created'],
  ...over,
});

async function newOffice() {
  const o = await buildOffice(env.ctx);
  return { ...o, token: await tokenFor(env.ctx, o.accountId) };
}
async function newAdmin(earnings: boolean) {
  const a = await buildAdmin(env.ctx);
  await env.ctx.db.update(accounts).set({ earningVisible: earnings }).where(eq(accounts.id, a.accountId));
  return { ...a, token: await tokenFor(env.ctx, a.accountId) };
}
const endpointRow = async (id: number) =>
  (await env.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
/** An endpoint's deliveries, once the delivery loop fanned its events out. */
async function deliveriesOf(id: number) {
  await fanOut(env.ctx.db, 100_000);
  return env.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
}
/** The audit rows written since `mark`, oldest first, in the words the Audit Log shows a superadmin. */
async function descriptions(mark: number, action?: string): Promise<string[]> {
  const sa = await buildAdmin(env.ctx, { role: Role.Superadmin });
  const res = await call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', {
    token: await tokenFor(env.ctx, sa.accountId),
    body: { pageSize: 50 },
  });
  const ids = new Set((await auditRowsSince(env.ctx, mark)).map((r) => String(r.id)));
  return res.body.items
    .filter((r) => ids.has(String(r.id)) && (!action || r.action === action))
    .map((r) => r.description)
    .reverse();
}

/** Delivers until nothing is due now, loopback allowed (other files' leftovers included). */
async function drain() {
  for (let b; (b = await deliverDue({ ...env.ctx, mailer: capture }, true)).fanned + b.sent > 0;);
}

/** A sale of a new click on path `p` from `ip`, dated SALE_DAY: its id. */
async function saleOf(p: Awaited<ReturnType<typeof buildClickPath>>, ip: string): Promise<number> {
  const click = await recordClick(env.ctx, {
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    ip,
    time: SALE_DAY,
  });
  const sale = await recordSale(env.ctx, {
    siteId: p.site.id,
    clickId: click!.clickId,
    event: 'sale',
    txId: uniqueName('wh'),
    date: SALE_DAY,
  });
  return sale.saleId;
}

describe('webhook endpoints', () => {
  it('lets an office and an admin with the earnings permission have them, and no one else', async () => {
    const office = await newOffice();
    const made = await create(office.token, hook());
    expect(made.status).toBe(200);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await endpointRow(made.body.id);
    // Kept encrypted, never as given; an office's endpoint is scoped to its office.
    expect(row.secret).not.toContain(made.body.secret!.slice(6));
    expect(decryptSecret(env.ctx.keys, row.secret)).toBe(made.body.secret);
    expect(row.officeId).toBe(office.office.id);
    // Shown once: the list never carries it.
    const list = await post<TWebhookList>(office.token, 'webhooks/search', {});
    expect(JSON.stringify(list.body)).not.toContain(made.body.secret!);
    expect(list.body.items.map((i) => i.id)).toEqual([made.body.id]);
    const one = await call(env.app, 'GET', `webhooks/${made.body.id}`, { token: office.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body.items[0]);

    const earner = await newAdmin(true);
    const byAdmin = await create(
      earner.token,
      hook({ kind: 'postback', url: 'https://t.example/p?s={sale_id}&e={earning}' }),
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.secret).toBeNull();
    expect((await endpointRow(byAdmin.body.id)).officeId).toBeNull();

    const plainAdmin = await newAdmin(false);
    expect((await create(plainAdmin.token, hook())).status).toBe(403);
    const agent = await buildAgent(env.ctx);
    expect((await create(await tokenFor(env.ctx, agent.accountId), hook())).status).toBe(403);
    // 403 before the body is read: a bad body changes nothing.
    expect((await create(plainAdmin.token, { kind: 1 })).status).toBe(403);
    const sa = await buildAdmin(env.ctx, { role: Role.Superadmin });
    expect((await create(await tokenFor(env.ctx, sa.accountId), hook())).status).toBe(200);
  });

  it('answers 404 for another account’s endpoint on every call, and changes nothing', async () => {
    const a = await newOffice();
    const b = await newOffice();
    const theirs = (await create(b.token, hook())).body.id;
    for (const [url, body] of [
      [`webhooks/${theirs}`, { name: 'x', url: `${base}/ok` }],
      [`webhooks/${theirs}/disable`, undefined],
      [`webhooks/${theirs}/enable`, {}],
      [`webhooks/${theirs}/rotate-secret`, undefined],
      [`webhooks/${theirs}/test`, undefined],
      [`webhooks/${theirs}/attempts`, {}],
      [`webhooks/${theirs}/resend`, { deliveryId: 1 }],
    ] as const)
      expect((await post(a.token, url, body)).status, url).toBe(404);
    expect((await call(env.app, 'DELETE', `webhooks/${theirs}`, { token: a.token })).status).toBe(404);
    expect((await call(env.app, 'GET', `webhooks/${theirs}`, { token: a.token })).status).toBe(404);
    expect(await deliveriesOf(theirs)).toEqual([]);
    const row = await endpointRow(theirs);
    expect([row.enabled, row.deletedAt, row.previousSecret]).toEqual([true, null, null]);
    // An office may limit an endpoint to its own sites only.
    const other = await buildSite(env.ctx);
    expect((await create(a.token, hook({ siteIds: [other.site.id] }))).status).toBe(404);
  });

  it('refuses bad input with a clear error and makes nothing', async () => {
    const o = await newOffice();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 'ftp://files.example/x' }, 'url'],
      [{ url: 'https://user:pw@hooks.example/x' }, 'url'],
      [{ url: 'https://hooks.example/\u0000' }, 'url'],
      [{ url: `https://hooks.example/${'a'.repeat(2100)}` }, 'url'],
      [{ kind: 'postback', url: 'https://t.example/?a={nope}' }, 'url'],
      [{ name: 'x'.repeat(65) }, 'name'],
      [{ name: 'bad\u0000name' }, 'name'],
      [{ eventTypes: ['sale.created', 'sale.created'] }, 'eventTypes'],
      [{ eventTypes: ['sale.exploded'] }, 'eventTypes'],
      [{ siteIds: ['12'] }, 'siteIds'],
      [{ siteIds: [2147483648] }, 'siteIds'],
      [{ siteIds: [0x10, 1e3, 1.5] }, 'siteIds'],
      [{ kind: 'smoke' }, 'kind'],
      [{ extra: 1 }, ''],
    ];
    for (const [over, field] of bad) {
      const r = await create(o.token, hook(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      if (field) expect(Object.keys(r.body.data ?? {}), JSON.stringify(over)).toContain(field);
    }
    const list = await post<TWebhookList>(o.token, 'webhooks/search', {});
    expect(list.body.total).toBe(0);
    // An id past the column's range, or in hex, is a 400 in the path too.
    expect((await post(o.token, 'webhooks/2147483648/test')).status).toBe(400);
    expect((await post(o.token, 'webhooks/0x10/test')).status).toBe(400);
  });

  it('keeps one live name per account when created twice at once, and at most 20 live', async () => {
    const o = await newOffice();
    const body = hook();
    const both = await Promise.all([create(o.token, body), create(o.token, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.data?.name).toEqual([WEBHOOK_NAME_TAKEN]);
    for (let i = 1; i < WEBHOOK_MAX_LIVE; i++) expect((await create(o.token, hook())).status).toBe(200);
    const over = await create(o.token, hook());
    expect([over.status, over.body.message]).toEqual([409, WEBHOOK_TOO_MANY]);
    // A deleted one frees its place and its name.
    const first = both.find((r) => r.status === 200)!.body.id;
    expect((await call(env.app, 'DELETE', `webhooks/${first}`, { token: o.token })).status).toBe(200);
    expect((await create(o.token, body)).status).toBe(200);
  });

  it('sends a test event the receiver verifies, logs each attempt, and resends with the same webhook-id', async () => {
    const o = await newOffice();
    const made = (await create(o.token, hook({ eventTypes: [] }))).body;
    received.length = 0;
    expect((await post(o.token, `webhooks/${made.id}/test`)).status).toBe(200);
    await drain();
    const mine = received.filter((r) => r.url === '/ok');
    expect(mine).toHaveLength(1);
    const payload = new Webhook(made.secret!).verify(mine[0].body, {
      'webhook-id': String(mine[0].headers['webhook-id']),
      'webhook-timestamp': String(mine[0].headers['webhook-timestamp']),
      'webhook-signature': String(mine[0].headers['webhook-signature']),
    }) as { type: string; data: { endpointId: number } };
    expect(payload.type).toBe('webhook.test');
    expect(payload.data.endpointId).toBe(made.id);

    const log = await post<TAttemptList>(o.token, `webhooks/${made.id}/attempts`, {});
    expect(log.body.total).toBe(1);
    const [attempt] = log.body.items;
    expect(attempt).toMatchObject({
      eventType: 'webhook.test',
      outcome: 'delivered',
      responseStatus: 200,
      answer: 'ok',
    });
    expect(attempt.eventId).toBe(mine[0].headers['webhook-id']);
    const none = await post<TAttemptList>(o.token, `webhooks/${made.id}/attempts`, { outcome: 'failed' });
    expect(none.body.total).toBe(0);
    const byType = await post<TAttemptList>(o.token, `webhooks/${made.id}/attempts`, {
      eventType: 'sale.created',
    });
    expect(byType.body.total).toBe(0);
    expect((await post(o.token, `webhooks/${made.id}/attempts`, { outcome: 'exploded' })).status).toBe(400);

    received.length = 0;
    expect(
      (await post(o.token, `webhooks/${made.id}/resend`, { deliveryId: attempt.deliveryId })).status,
    ).toBe(200);
    await drain();
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([attempt.eventId]);
    expect((await post<TAttemptList>(o.token, `webhooks/${made.id}/attempts`, {})).body.total).toBe(2);
    // A delivery of another endpoint, even the caller's own, is 404 here.
    const other = (await create(o.token, hook())).body.id;
    expect((await post(o.token, `webhooks/${other}/resend`, { deliveryId: attempt.deliveryId })).status).toBe(
      404,
    );
    expect((await post(o.token, `webhooks/${made.id}/resend`, { deliveryId: '1' })).status).toBe(400);
  });

  it('rotates the secret: the new one shown once, both signing for 24 hours; a postback URL has none', async () => {
    const o = await newOffice();
    const made = (await create(o.token, hook())).body;
    const r = await post<TWebhookSecret>(o.token, `webhooks/${made.id}/rotate-secret`);
    expect(r.status).toBe(200);
    expect(r.body.secret).not.toBe(made.secret);
    const hours = (Date.parse(r.body.previousUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    const row = await endpointRow(made.id);
    expect(decryptSecret(env.ctx.keys, row.previousSecret)).toBe(made.secret);
    received.length = 0;
    await post(o.token, `webhooks/${made.id}/test`);
    await drain();
    const got = received[0];
    const headers = {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    };
    // A receiver holding either secret verifies it.
    expect(() => new Webhook(made.secret!).verify(got.body, headers)).not.toThrow();
    expect(() => new Webhook(r.body.secret).verify(got.body, headers)).not.toThrow();
    const list = await post<TWebhookList>(o.token, 'webhooks/search', {});
    expect(list.body.items.find((i) => i.id === made.id)?.rotatingUntil).toBe(r.body.previousUntil);

    const pb = (await create(o.token, hook({ kind: 'postback', url: 'https://t.example/?s={status}' }))).body;
    expect((await post(o.token, `webhooks/${pb.id}/rotate-secret`)).status).toBe(409);
  });

  it('holds deliveries while disabled, and sends them on enabling only when asked', async () => {
    const o = await newOffice();
    const made = (await create(o.token, hook())).body;
    await post(o.token, `webhooks/${made.id}/test`);
    const off = await post<TWebhookRow>(o.token, `webhooks/${made.id}/disable`);
    expect([off.status, off.body.enabled, off.body.held]).toEqual([200, false, 1]);
    expect((await post(o.token, `webhooks/${made.id}/test`)).status).toBe(409);
    await drain();
    expect((await deliveriesOf(made.id)).map((d) => d.status)).toEqual([DeliveryStatus.Disabled]);
    const on = await post<TWebhookRow>(o.token, `webhooks/${made.id}/enable`, { resendHeld: true });
    expect([on.status, on.body.enabled, on.body.held]).toEqual([200, true, 0]);
    await drain();
    expect((await deliveriesOf(made.id)).map((d) => d.status)).toEqual([DeliveryStatus.Delivered]);

    await post(o.token, `webhooks/${made.id}/disable`);
    await env.ctx.db.execute(
      sql`update webhook_deliveries set status = ${DeliveryStatus.Disabled} where endpoint_id = ${made.id} and status = ${DeliveryStatus.Delivered}`,
    );
    await post(o.token, `webhooks/${made.id}/enable`, {});
    const settled = await deliveriesOf(made.id);
    expect(settled.map((d) => [d.status, d.lastError])).toEqual([
      [DeliveryStatus.Failed, 'Not sent: held while the webhook was disabled'],
    ]);
  });

  it('decides the sales written while disabled as held, even those the loop had not fanned out yet', async () => {
    const a = await newAdmin(true);
    const p = await buildClickPath(env.ctx);
    const sale = () => saleOf(p, '10.33.0.1');
    const made = (await create(a.token, hook({ siteIds: [p.site.id] }))).body;
    await sale(); // written while enabled: owed, so held by the disable
    await post(a.token, `webhooks/${made.id}/disable`);
    await sale(); // written while disabled: held
    // Enabled without sending what was held, before any loop ran: neither is sent.
    await post(a.token, `webhooks/${made.id}/enable`, {});
    await drain();
    expect((await deliveriesOf(made.id)).map((d) => [d.status, d.lastError])).toEqual([
      [DeliveryStatus.Failed, 'Not sent: held while the webhook was disabled'],
      [DeliveryStatus.Failed, 'Not sent: held while the webhook was disabled'],
    ]);
  });

  it('owes a sale written while subscribed when the subscription changes before the loop fanned it out', async () => {
    const a = await newAdmin(true);
    const p = await buildClickPath(env.ctx);
    const sale = (ip: string) => saleOf(p, ip);
    const made = (await create(a.token, hook({ siteIds: [p.site.id] }))).body;
    const owed = await sale('10.34.0.1'); // written while subscribed
    const { kind: _kind, ...update } = hook({
      name: made.name,
      eventTypes: ['sale.approved'],
      siteIds: [p.site.id],
    });
    const changed = await post(a.token, `webhooks/${made.id}`, update);
    expect(changed.status).toBe(200);
    await sale('10.34.0.2'); // written after: not taken
    const rows = await deliveriesOf(made.id);
    expect(rows).toHaveLength(1);
    const [event] = await queryRows<{ id: string }>(
      env.ctx.db,
      sql`select data->>'id' as id from webhook_events where id = ${rows[0].eventId}`,
    );
    expect(event.id).toBe(String(owed));
  });

  it('warns the owner at the 5th failure in a row and disables the endpoint at the 20th spanning a day', async () => {
    const o = await newOffice();
    await env.ctx.db
      .update(accounts)
      .set({ email: `${uniqueName('m')}@example.com` })
      .where(eq(accounts.id, o.accountId));
    const made = (await create(o.token, hook({ url: `${base}/fail` }))).body;
    mails.length = 0;
    for (let i = 0; i < 5; i++) {
      await post(o.token, `webhooks/${made.id}/test`);
      await drain();
    }
    expect((await endpointRow(made.id)).failures).toBe(5);
    expect(mails.map((m) => m.subject)).toEqual([`Webhook ${made.name} is failing`]);
    // 19 failures since yesterday: the 20th disables it.
    await env.ctx.db
      .update(webhookEndpoints)
      .set({ failures: 19, failingSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhookEndpoints.id, made.id));
    const mark = await auditMark(env.ctx);
    await post(o.token, `webhooks/${made.id}/test`);
    await drain();
    const row = await endpointRow(made.id);
    expect([row.enabled, row.failures]).toEqual([false, 20]);
    expect(mails.at(-1)?.subject).toBe(`Webhook ${made.name} was disabled`);
    expect(await descriptions(mark, WEBHOOK_DISABLED_ACTION)).toEqual([
      `Disabled webhook ${made.name} after 20 failed deliveries`,
    ]);
    // What was still owed is held, not sent.
    const owed = (await deliveriesOf(made.id)).filter((d) => d.status === DeliveryStatus.Pending);
    expect(owed).toEqual([]);
    // Twenty failures within a day do not disable it.
    const young = (await create(o.token, hook({ url: `${base}/fail` }))).body;
    await env.ctx.db.update(webhookEndpoints).set({ failures: 25 }).where(eq(webhookEndpoints.id, young.id));
    await post(o.token, `webhooks/${young.id}/test`);
    await drain();
    expect((await endpointRow(young.id)).enabled).toBe(true);
  });

  it('audits every change in words, never a secret', async () => {
    const o = await newOffice();
    const mark = await auditMark(env.ctx);
    const made = (await create(o.token, hook({ name: uniqueName('ord') }))).body;
    await post(o.token, `webhooks/${made.id}`, {
      name: made.name,
      url: `${base}/ok2`,
      eventTypes: ['sale.approved'],
    });
    const rotated = (await post<TWebhookSecret>(o.token, `webhooks/${made.id}/rotate-secret`)).body;
    await post(o.token, `webhooks/${made.id}/disable`);
    await post(o.token, `webhooks/${made.id}/enable`, {});
    await post(o.token, `webhooks/${made.id}/test`);
    await call(env.app, 'DELETE', `webhooks/${made.id}`, { token: o.token });
    expect(await descriptions(mark)).toEqual([
      `Created webhook ${made.name}`,
      `Changed webhook ${made.name}: URL ${base}/ok → ${base}/ok2, Events sale.created → sale.approved`,
      `Made a new signing secret for webhook ${made.name}`,
      `Disabled webhook ${made.name}`,
      `Enabled webhook ${made.name}`,
      `Sent a test event to webhook ${made.name}`,
      `Deleted webhook ${made.name}`,
    ]);
    const text = await auditTextSince(env.ctx, mark);
    for (const s of [made.secret!, rotated.secret, made.secret!.slice(6), rotated.secret.slice(6)])
      expect(text).not.toContain(s);
  });

  it('is managed with a key of scope webhooks:write, and refused a key without it', async () => {
    const o = await newOffice();
    const key = await buildKey(env.ctx, o.accountId, { scopes: ['webhooks:write'] });
    const r = await create(key.key, hook());
    expect(r.status).toBe(200);
    const other = await buildKey(env.ctx, o.accountId, { scopes: ['stats:read'] });
    expect((await post(other.key, 'webhooks/search', {})).status).toBe(403);
  });

  it('settles what a deleted endpoint was owed without sending it', async () => {
    const o = await newOffice();
    const made = (await create(o.token, hook())).body;
    await post(o.token, `webhooks/${made.id}/test`);
    expect((await call(env.app, 'DELETE', `webhooks/${made.id}`, { token: o.token })).status).toBe(200);
    received.length = 0;
    await drain();
    expect(received).toEqual([]);
    const [d] = await deliveriesOf(made.id);
    expect([d.status, d.lastError]).toEqual([DeliveryStatus.Failed, 'Not sent: the webhook was deleted']);
    expect((await post<TWebhookList>(o.token, 'webhooks/search', {})).body.total).toBe(0);
    // Deleting twice at once: one 200, one 404.
    const again = (await create(o.token, hook())).body;
    const both = await Promise.all([
      call(env.app, 'DELETE', `webhooks/${again.id}`, { token: o.token }),
      call(env.app, 'DELETE', `webhooks/${again.id}`, { token: o.token }),
    ]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 404]);
    const rows = await queryRows<{ n: string }>(
      env.ctx.db,
      sql`select count(*) as n from webhook_endpoints where id = ${again.id} and deleted_at is not null`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});
