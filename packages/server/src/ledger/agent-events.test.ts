// The agent events (issue 34) through the real routes: each written with its change, once, as the agents
// row says, only for the endpoints of the agent's office (or every office) that subscribe to it.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, webhookPayload, type TWebhookEventType } from '@salesdesk/contract';
import { queryOne, queryRows, sql } from '../db/client';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { fanOut } from './events';
import { buildAdmin, buildAgent, buildOffice, tokenFor, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let ownerId: number;
let adminToken: string;
let approverToken: string;
const endpoints: number[] = [];
beforeAll(async () => {
  env = await testEnv();
  ownerId = (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId;
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  approverToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { approveAgents: true })).accountId);
});
// Files of a worker share its database: an endpoint left behind would take their events.
afterAll(async () => {
  if (endpoints.length) {
    await env.ctx.db.delete(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpoints));
    await env.ctx.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, endpoints));
  }
});

/** An endpoint of office `officeId` (every office's endpoints would take other tests' agents). */
async function endpoint(types: TWebhookEventType[], officeId: number, siteIds: number[] | null = null) {
  const [row] = await env.ctx.db
    .insert(webhookEndpoints)
    .values({
      ownerId,
      officeId,
      kind: 1,
      name: `hook ${endpoints.length}`,
      url: 'https://example.com/hook',
      eventTypes: types,
      siteIds,
    })
    .returning({ id: webhookEndpoints.id });
  endpoints.push(row.id);
  return row.id;
}

type Delivered = { type: TWebhookEventType; data: Record<string, unknown>; uid: string; created: string };
/** The events delivered to `endpointId`, oldest first, each checked against its type's schema. */
async function deliveriesOf(endpointId: number) {
  await fanOut(env.ctx.db, 100_000);
  const rows = await queryRows<Delivered>(
    env.ctx.db,
    sql`select v.type, v.data, v.uid::text as uid,
               to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
        from webhook_deliveries d join webhook_events v on v.id = d.event_id
        where d.endpoint_id = ${endpointId} order by d.id`,
  );
  for (const e of rows) {
    const payload = {
      id: `evt_${e.uid.replace(/-/g, '')}`,
      type: e.type,
      version: 1,
      createdAt: e.created,
      data: e.data,
    };
    expect(webhookPayload(e.type).safeParse(payload).success, JSON.stringify(payload)).toBe(true);
  }
  return rows.map((e) => [e.type, e.data]);
}

/** The agent `id` as its events must carry it, read straight from its rows and formatted here. */
async function agentAsEvent(id: number) {
  const r = await queryOne<Record<string, string | number | boolean>>(
    env.ctx.db,
    sql`select g.id, g.office_id, a.username, g.first_name, g.last_name, g.active, a.approved,
               floor(extract(epoch from g.reg_time) * 1000)::text as ms
        from agents g join accounts a on a.id = g.account_id where g.id = ${id}`,
  );
  if (!r) throw new Error(`no agent ${id}`);
  return {
    id: r.id,
    officeId: r.office_id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    active: r.active,
    approved: r.approved,
    regTime: new Date(Number(r.ms)).toISOString(),
  };
}

/** Every agent event written for agent `id`, whoever took it. */
async function eventsAbout(id: number) {
  const row = await queryOne<{ n: number }>(
    env.ctx.db,
    sql`select count(*)::int as n from webhook_events where type like 'agent.%' and data->>'id' = ${String(id)}`,
  );
  return row!.n;
}

const form = (over: object = {}) => ({
  firstName: 'Ana',
  lastName: 'Reyes',
  username: uniqueName('e'),
  password: 'pass1234',
  passwordConfirm: 'pass1234',
  ...over,
});
async function createAgent(token: string, body: object = {}) {
  const res = await call<{ id: number }>(env.app, 'PUT', 'agents', { token, body: form(body) });
  expect(res.status).toBe(200);
  return res.body.id;
}
async function post(token: string, url: string, body: object) {
  const res = await call(env.app, 'POST', url, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('agent events', () => {
  it('agent.created: an admin’s agent and an office’s waiting one, to that office’s endpoints only', async () => {
    const o = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const mine = await endpoint(['agent.created'], o.office.id);
    // Limited to a site: an agent's event has none, so the site filter does not apply to it.
    const someSite = await endpoint(['agent.created'], o.office.id, [2_000_000_000]);
    const theirs = await endpoint(['agent.created'], other.office.id);
    const byAdmin = await createAgent(adminToken, { officeId: o.office.id });
    const byOffice = await createAgent(await tokenFor(env.ctx, o.accountId));
    const expected = [
      ['agent.created', await agentAsEvent(byAdmin)],
      ['agent.created', await agentAsEvent(byOffice)],
    ];
    // An office's new agent waits for approval.
    expect(expected.map(([, data]) => (data as { approved: boolean }).approved)).toEqual([true, false]);
    expect(await deliveriesOf(mine)).toEqual(expected);
    expect(await deliveriesOf(someSite)).toEqual(expected);
    expect(await deliveriesOf(theirs)).toEqual([]);
  });

  it('writes nothing when no endpoint subscribes to the event', async () => {
    const o = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    await endpoint(['agent.approved', 'agent.suspended', 'sale.created'], o.office.id);
    await endpoint(['agent.created'], other.office.id);
    const id = await createAgent(adminToken, { officeId: o.office.id });
    expect(await eventsAbout(id)).toBe(0);
  });

  it('agent.approved: once, when a waiting agent is approved', async () => {
    const o = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const mine = await endpoint(['agent.approved'], o.office.id);
    const theirs = await endpoint(['agent.approved'], other.office.id);
    const id = await createAgent(await tokenFor(env.ctx, o.accountId));
    const approve = () =>
      call(env.app, 'PUT', 'accounts/approve', { token: approverToken, body: { ids: [id] } });
    expect((await approve()).status).toBe(200);
    // Approved already: 404, and no second event.
    expect((await approve()).status).toBe(404);
    const row = await agentAsEvent(id);
    expect(row.approved).toBe(true);
    expect(await deliveriesOf(mine)).toEqual([['agent.approved', row]]);
    expect(await deliveriesOf(theirs)).toEqual([]);
  });

  it('agent.suspended by Suspend and by the form: fraud false, once per suspension', async () => {
    const o = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const [a, b] = [
      await buildAgent(env.ctx, { officeId: o.office.id }),
      await buildAgent(env.ctx, { officeId: o.office.id }),
    ];
    const mine = await endpoint(['agent.suspended'], o.office.id);
    const theirs = await endpoint(['agent.suspended'], other.office.id);
    const officeToken = await tokenFor(env.ctx, o.accountId);
    await post(officeToken, 'agents/status', { ids: [a.agent.id], active: false });
    // Suspended again: nothing changes, so no event.
    await post(officeToken, 'agents/status', { ids: [a.agent.id], active: false });
    await post(officeToken, `agents/${b.agent.id}`, {
      ...form(),
      active: false,
      password: '',
      passwordConfirm: '',
    });
    await post(officeToken, 'agents/status', { ids: [a.agent.id, b.agent.id], hidden: true });
    const [rowA, rowB] = [await agentAsEvent(a.agent.id), await agentAsEvent(b.agent.id)];
    expect([rowA.active, rowB.active]).toEqual([false, false]);
    expect(await deliveriesOf(mine)).toEqual([
      ['agent.suspended', { ...rowA, fraud: false }],
      ['agent.suspended', { ...rowB, fraud: false }],
    ]);
    expect(await deliveriesOf(theirs)).toEqual([]);
  });

  it('suspending an office is agent.suspended for each of its agents that was active', async () => {
    const o = await buildOffice(env.ctx);
    const [active, suspended] = [
      await buildAgent(env.ctx, { officeId: o.office.id }),
      await buildAgent(env.ctx, { officeId: o.office.id }),
    ];
    await post(adminToken, 'agents/status', { ids: [suspended.agent.id], active: false });
    const mine = await endpoint(['agent.suspended'], o.office.id);
    await post(adminToken, 'offices/status', { ids: [o.office.id], active: false });
    expect(await deliveriesOf(mine)).toEqual([
      ['agent.suspended', { ...(await agentAsEvent(active.agent.id)), fraud: false }],
    ]);
  });

  it('agent.suspended for fraud: fraud true, once, and news for an agent only plainly suspended', async () => {
    const o = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const [a, b] = [
      await buildAgent(env.ctx, { officeId: o.office.id }),
      await buildAgent(env.ctx, { officeId: o.office.id }),
    ];
    const mine = await endpoint(['agent.suspended'], o.office.id);
    const theirs = await endpoint(['agent.suspended'], other.office.id);
    const fraud = (id: number) =>
      post(approverToken, `review/agents/${id}/suspend`, { reason: 'fraud ring' });
    await post(adminToken, 'agents/status', { ids: [b.agent.id], active: false });
    await fraud(a.agent.id);
    await fraud(a.agent.id);
    await fraud(b.agent.id);
    const [rowA, rowB] = [await agentAsEvent(a.agent.id), await agentAsEvent(b.agent.id)];
    expect([rowA.active, rowB.active]).toEqual([false, false]);
    expect(await deliveriesOf(mine)).toEqual([
      ['agent.suspended', { ...rowB, fraud: false }],
      ['agent.suspended', { ...rowA, fraud: true }],
      ['agent.suspended', { ...rowB, fraud: true }],
    ]);
    expect(await deliveriesOf(theirs)).toEqual([]);
  });
});
