// The answered-call log at `info` holds writes, sign-ins and refusals; successful reads (the badge polls,
// lists, reports) are at debug, and a server error at error.
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { buildApp, type App } from '../app';
import { buildAdmin, nextIp, PASSWORD, tokenFor } from '../test/factories';
import { call, testEnv } from '../test/harness';
import { answerLevel } from './answer-log';

type Line = { level: number; msg: string; method?: string; url?: string; status?: number };

async function loggingApp(logLevel: string) {
  const env = await testEnv();
  const lines: Line[] = [];
  const ctx = { ...env.ctx, config: { ...env.ctx.config, logLevel } };
  const app = await buildApp(ctx, {
    logger: true,
    logStream: { write: (l) => void lines.push(JSON.parse(l)) },
  });
  app.get('/api/test-only/fails', async () => {
    throw new Error('boom');
  });
  return { app, lines, ctx };
}

const answered = (lines: Line[]) =>
  lines.filter((l) => l.msg === 'answered').map((l) => `${l.level} ${l.method} ${l.url} ${l.status}`);

describe('the answered log line', () => {
  let app: App;
  let lines: Line[];
  let token: string;
  let username: string;
  beforeAll(async () => {
    ({ app, lines } = await loggingApp('info'));
    const env = await testEnv();
    const admin = await buildAdmin(env.ctx, { role: Role.Superadmin });
    username = admin.username;
    token = await tokenFor(env.ctx, admin.accountId);
  });

  it('at info: no successful read, but sign-ins, writes, refusals and server errors', async () => {
    lines.length = 0;
    expect((await call(app, 'GET', 'accounts/unapproved/count', { token })).status).toBe(200);
    expect((await call(app, 'GET', 'accounts/me', { token })).status).toBe(200);
    expect((await call(app, 'POST', 'offices/search', { token, body: {} })).status).toBe(200);
    const login = await call(app, 'POST', 'auth/login', {
      body: { username, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.status).toBe(200);
    expect((await call(app, 'POST', 'offices/search', { token, body: { page: 0 } })).status).toBe(400);
    expect((await call(app, 'GET', 'accounts/me')).status).toBe(401);
    expect((await call(app, 'GET', 'test-only/fails', { token })).status).toBe(500);
    expect(answered(lines)).toEqual([
      '30 POST /api/auth/login 200',
      '30 POST /api/offices/search 400',
      '30 GET /api/accounts/me 401',
      '50 GET /api/test-only/fails 500',
    ]);
  });

  it('at debug: the reads too', async () => {
    const debug = await loggingApp('debug');
    await call(debug.app, 'GET', 'accounts/me', { token });
    expect(answered(debug.lines)).toEqual(['20 GET /api/accounts/me 200']);
  });

  it('counts a postback and the migration as writes, list searches, exports and reports as reads', () => {
    expect(answerLevel('GET', '/api/postback/3', 200)).toBe('info');
    expect(answerLevel('GET', '/api/accounts/migrate', 200)).toBe('info');
    expect(answerLevel('POST', '/api/postback/3', 200)).toBe('info');
    for (const path of ['/api/sale-logs', '/api/stats/top10', '/api/chat-logs/export', '/api/links/list'])
      expect(answerLevel('POST', path, 200), path).toBe('debug');
    for (const path of ['/api/offices/status', '/api/auth/remote-token', '/api/profile/agent'])
      expect(answerLevel('POST', path, 200), path).toBe('info');
    expect(answerLevel('PUT', '/api/agents', 200)).toBe('info');
  });
});
