import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { call, testEnv, type TestEnv } from './test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('app', () => {
  it('serves OpenAPI generated from the zod schemas at /api/docs', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/offices/search']),
    );
  });

  it('sends a strict CSP (no inline script) and no-store on API answers', async () => {
    const res = await call(env.app, 'GET', 'brand');
    const csp = String(res.res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.res.headers['cache-control']).toBe('no-store');
  });

  it('serves the built SPA with history fallback for non-API paths only', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
    const app = await buildApp({ ...env.ctx, config: { ...env.ctx.config, webDist: dist } });
    const deep = await app.inject({ method: 'GET', url: '/app/offices/edit/3' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>spa</title>');
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    await app.close();
  });
});
