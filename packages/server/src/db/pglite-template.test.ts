import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryOne, sql } from './client';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from './pglite-template';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-template-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// One initdb and four databases migrated from nothing: seconds alone, a minute or more beside the browser
// tests on two cores.
const SLOW_MS = 300_000;

describe('PGlite template', () => {
  it(
    'starts a new database, in a folder or in memory, as a copy that every migration then runs on',
    async () => {
      const template = path.join(root, 'template');
      await makePgliteTemplate(template);
      const before = process.env[PGLITE_TEMPLATE_ENV];
      process.env[PGLITE_TEMPLATE_ENV] = template;
      try {
        const dataDir = path.join(root, 'one', 'pglite');
        for (const opts of [{ dataDir }, {}]) {
          const store = await openDatabase(opts);
          await store.db.execute(sql`insert into preferred_domains (domain) values ('copy.example')`);
          const row = await queryOne<{ n: number }>(
            store.db,
            sql`select count(*)::int as n from preferred_domains`,
          );
          expect(row?.n).toBe(1);
          await store.close();
        }
        // A folder that holds a database is opened as it is, never replaced by the template.
        const again = await openDatabase({ dataDir });
        const kept = await queryOne<{ n: number }>(
          again.db,
          sql`select count(*)::int as n from preferred_domains`,
        );
        expect(kept?.n).toBe(1);
        await again.close();
        // The template itself is left as initdb made it.
        expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
        const fresh = await openDatabase({ dataDir: path.join(root, 'two', 'pglite') });
        const none = await queryOne<{ n: number }>(
          fresh.db,
          sql`select count(*)::int as n from preferred_domains`,
        );
        expect(none?.n).toBe(0);
        await fresh.close();
      } finally {
        if (before === undefined) delete process.env[PGLITE_TEMPLATE_ENV];
        else process.env[PGLITE_TEMPLATE_ENV] = before;
      }
    },
    SLOW_MS,
  );
});
