import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import helmet from 'helmet';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildClickPath } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { SECURITY_POLICY } from './security-headers';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

/** The headers helmet itself sets on a real response, per request, as @fastify/helmet did. */
async function helmetOnRealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(SECURITY_POLICY);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are the ones helmet sets, on API answers and on the web app', async () => {
    const expected = await helmetOnRealResponse();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    const api = await call(env.app, 'GET', 'brand');
    for (const [name, value] of Object.entries(expected)) expect(api.res.headers[name], name).toBe(value);
    expect(api.res.headers['x-powered-by']).toBeUndefined();

    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const app = await buildApp({ ...env.ctx, config: { ...env.ctx.config, webDist: dist } });
    const page = await app.inject({ method: 'GET', url: '/app/offices' });
    expect(page.statusCode).toBe(200);
    for (const [name, value] of Object.entries(expected)) expect(page.headers[name], name).toBe(value);
  });

  it('are left off the click redirect', async () => {
    const p = await buildClickPath(env.ctx);
    const res = await call(env.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`);
    expect(res.status).toBe(302);
    expect(res.res.headers['content-security-policy']).toBeUndefined();
    expect(res.res.headers['x-frame-options']).toBeUndefined();
  });
});
