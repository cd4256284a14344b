// A client nobody here wrote (issue 33): at test time openapi-typescript turns /api/docs/json into types,
// a small script uses them with openapi-fetch, tsc checks it strictly (a wrong field does not compile)
// and emits it, and the script runs over HTTP with API keys. The generated files live under
// node_modules/.cache (ignored by git), where the script finds openapi-fetch; nothing is committed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LACKS_SCOPE } from '@salesdesk/contract';
import { accounts } from '../db/schema';
import { buildKey } from '../test/api-keys-fixtures';
import { buildAdmin, buildClickPath } from '../test/factories';
import { testEnvWith, type TestEnv } from '../test/harness';
import { moneySale, rawCount } from '../test/money-fixtures';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');

// What a customer's script would write, typed by the generated `paths` only.
const SCRIPT = `
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function script(baseUrl: string, officeKey: string, adminKey: string, saleId: number) {
  const office = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${officeKey}\` } });
  const admin = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${adminKey}\` } });
  const sales = await office.POST('/api/sale-logs', { body: { start: '2025-04-01', end: '2025-04-30' } });
  const saleIds: number[] = sales.data?.items.items.map((row) => row.id) ?? [];
  const offices: string[] = sales.data?.items.items.map((row) => row.officeName) ?? [];
  const stats = await office.POST('/api/stats/sites', {
    body: { start: '2025-04-01', end: '2025-04-30', groupBy: 'date' },
  });
  const change = await admin.POST('/api/sales/status', {
    body: { ids: [saleId], status: 'approved', reason: 'checked by a script' },
  });
  const changed: number | undefined = change.data?.changed;
  const refused = await office.POST('/api/sales/status', {
    body: { ids: [saleId], status: 'rejected', reason: 'not mine to decide' },
  });
  // @ts-expect-error: a status is approved or rejected, and the generated types know it
  void (() => admin.POST('/api/sales/status', { body: { ids: [saleId], status: 'paid', reason: 'x' } }));
  return {
    sales: { status: sales.response.status, saleIds, offices },
    stats: { status: stats.response.status, hasData: stats.data !== undefined },
    change: { status: change.response.status, changed },
    refused: { status: refused.response.status, message: refused.error?.message },
  };
}
`;

type ScriptResult = {
  sales: { status: number; saleIds: number[]; offices: string[] };
  stats: { status: number; hasData: boolean };
  change: { status: number; changed: number | undefined };
  refused: { status: number; message: string | undefined };
};

let env: TestEnv;
let baseUrl: string;
beforeAll(async () => {
  env = await testEnvWith({});
  baseUrl = await env.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await env?.app.close();
});

describe('a client generated from /api/docs/json', () => {
  it('lists its office sales, reads a report, changes a status with sales:write and is refused without', async () => {
    const dir = path.join(ROOT, 'node_modules/.cache', `salesdesk-client-${process.pid}-${Date.now()}`);
    fs.mkdirSync(dir, { recursive: true });
    try {
      const doc: unknown = await (await fetch(`${baseUrl}/api/docs/json`)).json();
      fs.writeFileSync(
        path.join(dir, 'schema.d.ts'),
        astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0])),
      );
      fs.writeFileSync(path.join(dir, 'script.mts'), SCRIPT);
      await run(
        TSC,
        [
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--skipLibCheck',
          '--outDir',
          dir,
          path.join(dir, 'script.mts'),
        ],
        { cwd: dir },
      ).catch((err: { stdout?: string }) => {
        throw new Error(`the script does not compile against the generated types:\n${err.stdout}`);
      });

      const path1 = await buildClickPath(env.ctx);
      const ours = await moneySale(env.ctx, path1, '2025-04-07T15:00:00Z', { held: true });
      const elsewhere = await buildClickPath(env.ctx);
      const theirs = await moneySale(env.ctx, elsewhere, '2025-04-08T15:00:00Z');
      const officeKey = await buildKey(env.ctx, path1.office.accountId, {
        scopes: ['sales:read', 'stats:read'],
      });
      const admin = await buildAdmin(env.ctx);
      await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, admin.accountId));
      const adminKey = await buildKey(env.ctx, admin.accountId, { scopes: ['sales:write'] });

      const { script } = (await import(pathToFileURL(path.join(dir, 'script.mjs')).href)) as {
        script: (url: string, officeKey: string, adminKey: string, saleId: number) => Promise<ScriptResult>;
      };
      const result = await script(baseUrl, officeKey.key, adminKey.key, ours);

      expect(result.sales.status).toBe(200);
      expect(result.sales.saleIds).toContain(ours);
      expect(result.sales.saleIds).not.toContain(theirs);
      expect(new Set(result.sales.offices)).toEqual(new Set([path1.office.officeName]));
      expect(result.stats).toEqual({ status: 200, hasData: true });
      expect(result.change).toEqual({ status: 200, changed: 1 });
      expect(result.refused).toEqual({ status: 403, message: API_KEY_LACKS_SCOPE('sales:write') });
      expect(await rawCount(env.ctx, sql`id = ${ours} and status = 0`)).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
