import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type TAlert, type TLoginAlerts, type TNews } from '@salesdesk/contract';
import { alerts, news } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { getLastAlert, getLastNews } from './service';

let env: TestEnv;
let superToken: string;
let found: { news: TNews; alert: TAlert };
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
  found = { news: await getLastNews(env.ctx), alert: await getLastAlert(env.ctx) };
});
// Test files of a worker share the database: leave the news and the login alert as they were.
afterAll(async () => {
  await call(env.app, 'POST', 'news', { token: superToken, body: found.news });
  await call(env.app, 'POST', 'alerts', { token: superToken, body: found.alert });
});

const count = async (table: typeof news | typeof alerts) => (await env.ctx.db.select().from(table)).length;

describe('news', () => {
  it('a superadmin saves news, sanitised; every signed-in user reads the newest', async () => {
    const html =
      '<h3 onclick="x()">Big week</h3><p>Bonus <b>x2</b><script>steal()</script></p><img src="javascript:alert(1)">';
    const res = await call<TNews>(env.app, 'POST', 'news', { token: superToken, body: { html } });
    expect(res.status).toBe(200);
    expect(res.body.html).toBe('<h3>Big week</h3><p>Bonus <b>x2</b></p><img />');
    const agentToken = await login(env.app, (await buildAgent(env.ctx)).username);
    const read = await call<TNews>(env.app, 'GET', 'news/last', { token: agentToken });
    expect(read.status).toBe(200);
    expect(read.body.html).toBe(res.body.html);
    expect((await call(env.app, 'GET', 'news/last')).status).toBe(401);
  });

  it('is written by the superadmin only, and bad input writes nothing', async () => {
    const adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
    const officeToken = await login(env.app, (await buildOffice(env.ctx)).username);
    const before = await count(news);
    for (const token of [adminToken, officeToken]) {
      expect((await call(env.app, 'POST', 'news', { token, body: { html: '<p>x</p>' } })).status).toBe(403);
    }
    for (const body of [{}, { html: 5 }, { html: 'x'.repeat(200_001) }, { html: 'a\u0000b' }, null]) {
      const res = await call<{ code: string }>(env.app, 'POST', 'news', { token: superToken, body });
      expect(res.status, JSON.stringify(body)?.slice(0, 40)).toBe(400);
    }
    expect(await count(news)).toBe(before);
  });
});

describe('alerts', () => {
  it('a superadmin saves the alert; the login alert shows it while enabled', async () => {
    const body = {
      enable: true,
      html: '<p style="color: #ff3300">Payroll <a href="https://x.example" onmouseover="y()">out</a></p>',
    };
    const res = await call<TAlert>(env.app, 'POST', 'alerts', { token: superToken, body });
    expect(res.status).toBe(200);
    const saved =
      '<p style="color:#ff3300">Payroll <a href="https://x.example" rel="noopener noreferrer">out</a></p>';
    expect(res.body).toEqual({ enable: true, html: saved });
    expect((await call<TAlert>(env.app, 'GET', 'alerts/last', { token: superToken })).body).toEqual(res.body);
    const agentToken = await login(env.app, (await buildAgent(env.ctx)).username);
    const shown = await call<TLoginAlerts>(env.app, 'GET', 'alerts/login', { token: agentToken });
    expect(shown.body.commonAlert).toEqual({ html: saved });

    const off = await call<TAlert>(env.app, 'POST', 'alerts', {
      token: superToken,
      body: { enable: false, html: saved },
    });
    expect(off.body.enable).toBe(false);
    const hidden = await call<TLoginAlerts>(env.app, 'GET', 'alerts/login', { token: agentToken });
    expect(hidden.body.commonAlert).toBeNull();
  });

  it('reads and writes for the superadmin only; bad input writes nothing', async () => {
    const adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
    expect((await call(env.app, 'GET', 'alerts/last', { token: adminToken })).status).toBe(403);
    const write = { enable: true, html: '<p>x</p>' };
    expect((await call(env.app, 'POST', 'alerts', { token: adminToken, body: write })).status).toBe(403);
    expect((await call(env.app, 'GET', 'alerts/last')).status).toBe(401);
    const before = await count(alerts);
    for (const body of [
      { html: '<p>x</p>' },
      { enable: 'true', html: '' },
      { enable: 1 },
      { enable: true, html: ['x'] },
    ]) {
      const res = await call(env.app, 'POST', 'alerts', { token: superToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count(alerts)).toBe(before);
  });

  it('two saves at once both land; the newest is current', async () => {
    const [a, b] = await Promise.all(
      ['<p>one</p>', '<p>two</p>'].map((html) =>
        call<TAlert>(env.app, 'POST', 'alerts', { token: superToken, body: { enable: true, html } }),
      ),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    const last = await call<TAlert>(env.app, 'GET', 'alerts/last', { token: superToken });
    expect(['<p>one</p>', '<p>two</p>']).toContain(last.body.html);
  });
});
