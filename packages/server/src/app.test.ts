import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandedIndex, buildApp } from './app';
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
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Salesdesk</title></head><body></body></html>',
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-CZ25q4rQ.js'), 'export {};');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const app = await buildApp({ ...env.ctx, config: { ...env.ctx.config, webDist: dist } });
    const deep = await app.inject({ method: 'GET', url: '/app/offices/edit/3' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    // A hashed build file is kept for good; a file without a hash in its name is asked for each time.
    const asset = await app.inject({ method: 'GET', url: '/assets/index-CZ25q4rQ.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    // The brand is in the first HTML: title, body class and the brand for the header.
    expect(deep.body).toContain(`<title>${env.ctx.brand.displayName}</title>`);
    expect(deep.body).toContain(`<body class="${env.ctx.brand.styleClass}">`);
    expect(deep.body).toContain('<meta name="salesdesk-brand" content="{&#34;name&#34;');
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    await app.close();
  });

  it('escapes the brand in the HTML', () => {
    const html = brandedIndex('<head><title>x</title></head><body>', {
      ...env.ctx.brand,
      displayName: '<b>"A&B"</b>',
    });
    expect(html).toContain('<title>&#60;b&#62;&#34;A&#38;B&#34;&#60;/b&#62;</title>');
    expect(html).not.toContain('<b>');
  });
});
