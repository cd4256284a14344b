// /api/docs/json is a document a client generator can use: `redocly lint` with its recommended rules
// finds no error in it, and every operation says its operationId, summary, security, key scope and errors.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../app';
import { testEnv, type TestEnv } from '../test/harness';
import { operationIdOf } from './openapi';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@salesdesk/contract';

const run = promisify(execFile);
const REDOCLY = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/redocly');

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-key-scope'?: string;
}
interface Doc {
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
  openapi: string;
  webhooks: Record<
    string,
    { post: Operation & { requestBody: { content: Record<string, { schema: unknown }> } } }
  >;
}

let env: TestEnv;
let doc: Doc;
let text: string;
beforeAll(async () => {
  env = await testEnv();
  const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  text = res.body;
  doc = JSON.parse(text) as Doc;
}, 120_000);

/** Every operation of the document with its method and OpenAPI path. */
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path: p, op })),
  );
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('/api/docs/json', () => {
  it('lists every webhook event with its payload schema, as OpenAPI 3.1 webhooks', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    const sale = doc.webhooks['sale.created'].post.requestBody.content['application/json'].schema as {
      properties: Record<string, { const?: string; properties?: Record<string, unknown> }>;
    };
    expect(sale.properties.type.const).toBe('sale.created');
    expect(Object.keys(sale.properties.data.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'txId', 'payout', 'earning', 'status']),
    );
  });

  it('passes redocly lint with the recommended rules: 0 errors', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, text);
    fs.writeFileSync(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const lint = await run(
      REDOCLY,
      ['lint', file, '--config', path.join(dir, 'redocly.yaml'), '--format=json', '--max-problems=10000'],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('shows the bearer schemes: a session and an API key', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'http', scheme: 'bearer' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.servers?.[0]?.url).toBe(env.ctx.config.publicUrl);
  });

  it('describes every declared route: operationId from method and path, summary, security, scope, errors', () => {
    const ops = new Map(operations().map((o) => [`${o.method} ${o.path}`, o.op]));
    const ids = new Set<string>();
    for (const route of declaredRoutes(env.app)) {
      const name = `${route.method} ${route.url}`;
      const op = ops.get(`${route.method} ${openapiPath(route.url)}`);
      expect(op, name).toBeDefined();
      if (!op) continue;
      expect(op.operationId, name).toBe(operationIdOf(route.method, openapiPath(route.url)));
      expect(ids.has(op.operationId!), name).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, name).toMatch(/\S/);
      const statuses = Object.keys(op.responses);
      if (route.access.kind === 'public') {
        expect(op.security, name).toEqual([]);
        continue;
      }
      expect(statuses, name).toEqual(expect.arrayContaining(['401', '403']));
      if (route.url.includes('/:')) expect(statuses, name).toContain('404');
      if (route.method !== 'GET') expect(statuses, name).toEqual(expect.arrayContaining(['400', '409']));
      if (route.keyScope) {
        expect(op.security, name).toEqual([{ session: [] }, { apiKey: [] }]);
        expect(op['x-key-scope'], name).toBe(route.keyScope);
        expect(op.description, name).toContain(`API key scope: \`${route.keyScope}\``);
        expect(statuses, name).toContain('429');
      } else {
        expect(op.security, name).toEqual([{ session: [] }]);
        expect(op['x-key-scope'], name).toBeUndefined();
      }
    }
  });

  it('names a write by its audit action and a read by its path', () => {
    const op = (method: string, p: string) => doc.paths[p][method];
    expect(op('put', '/api/adjustments')).toMatchObject({
      operationId: 'putAdjustments',
      summary: 'Adjustment added',
    });
    expect(op('post', '/api/api-keys/search').summary).toBe('Search api keys');
    expect(op('post', '/api/sales/{id}/reverse').operationId).toBe('postSalesByIdReverse');
  });
});
