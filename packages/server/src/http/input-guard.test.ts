import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TOfficeRow } from '@salesdesk/contract';
import { buildAdmin, buildClickPath, login, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { badField } from './input-guard';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
});

const officeBody = (username: string, officeName: string) => ({
  officeName,
  manFirstName: 'A',
  manLastName: 'B',
  username,
  password: 'pw123456',
  passwordConfirm: 'pw123456',
});

describe('bad characters', () => {
  it('finds NUL and lone surrogates anywhere, keeps real pairs', () => {
    expect(badField({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b');
    expect(badField({ a: '\uD800' })).toBe('a');
    expect(badField({ a: 'x\uDC00y' })).toBe('a');
    expect(badField({ a: '😀 ok' })).toBeUndefined();
    expect(badField({ ['k\u0000']: 1 })).toBe('k\u0000');
  });

  it('answers 400 VALIDATION_ERROR and stores nothing', async () => {
    const username = uniqueName('n');
    for (const name of ['Bad\u0000Name', 'Bad\uD800Name']) {
      const res = await call<{ code: string; data: Record<string, string[]> }>(env.app, 'PUT', 'offices', {
        token: superToken,
        body: officeBody(username, name),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data.officeName).toBeDefined();
    }
    const list = await call<TList<TOfficeRow>>(env.app, 'POST', 'offices/search', {
      token: superToken,
      body: { criteria: [{ field: 'username', value: username }] },
    });
    expect(list.body.total).toBe(0);
  });
});

describe('numbers are decimal integers', () => {
  it('refuses hex, exponent, padded, array and boolean ids and page numbers', async () => {
    for (const id of ['0x10', '1e3', '%201%20', '3000000000', '-1', '1.0'])
      expect((await call(env.app, 'GET', `offices/${id}`, { token: superToken })).status).toBe(400);
    for (const page of ['0x10', '1e3', ' 1 ', [1], true, 1.5])
      expect(
        (await call(env.app, 'POST', 'offices/search', { token: superToken, body: { page } })).status,
      ).toBe(400);
  });

  it('a postback with clickId=0x10 records nothing', async () => {
    const p = await buildClickPath(env.ctx);
    const res = await call(
      env.app,
      'GET',
      `postback/${p.site.id}?token=${p.site.postbackToken}&clickId=0x10&event=sale&txId=${uniqueName('t')}`,
    );
    expect(res.status).toBe(400);
  });
});

describe("Fastify's own errors", () => {
  it('a malformed URL answers in the envelope with security headers', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/offices/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('an unsupported media type answers in the envelope', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('headers too large answer 431 in the envelope with security headers', async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/brand HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 431/);
    expect(raw).toMatch(/x-content-type-options: nosniff/);
    expect(raw).toMatch(/"code":"VALIDATION_ERROR"/);
  });
});
