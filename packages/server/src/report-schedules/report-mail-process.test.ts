// A scheduled report reaches the outbox at its due time (issue 37), through a real server process whose
// jobs' clock is shifted (JOBS_TEST_CLOCK_SHIFT_MS) so that the next 07:00 Eastern comes a few seconds after
// it starts: the job runs on its own timer, claims the due time and writes the mail with its CSV into
// DATA_DIR/outbox (no SMTP). PostgreSQL only: the test prepares the database the server then opens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, easternDay, easternDayStart } from '@salesdesk/contract';
import { openDatabase, queryRows, type Database } from '../db/client';
import { nextReportTime } from '../jobs/report-mail';
import { entryArgs } from '../test/app-build';
import { recreateDatabase, testContext } from '../test/harness';
import { buildStatementWorld, sellAt } from '../test/pay-statements-fixtures';
import { sleep, spawnServer, type SpawnedServer } from '../test/server-process';

const base = process.env.TEST_DATABASE_URL;
let server: SpawnedServer | undefined;
let database: Database | undefined;

afterAll(async () => {
  await server?.stop('SIGTERM', 15_000);
  await database?.close();
});

describe.skipIf(!base)('the report mail job in a running server', () => {
  it('writes a due report into the outbox at its 07:00, with its CSV', async () => {
    const url = await recreateDatabase(base!, `${new URL(base!).pathname.slice(1) || 'postgres'}_reportjob`);
    database = await openDatabase({ url, poolMax: 4 });
    const ctx = testContext(database);
    const w = await buildStatementWorld(ctx);
    const lead = 4_000;
    const due = nextReportTime(new Date(Date.now() + lead));
    const day = easternDay(new Date(due.getTime() + 60_000));
    await sellAt(
      ctx,
      w.g1,
      new Date(easternDayStart(addDays(day, -1)).getTime() + 12 * 3_600_000).toISOString(),
    );
    await ctx.db.execute(
      sql`update accounts set email = 'g1-reports@example.com' where id = ${w.g1.agentAccountId}`,
    );
    await ctx.db.execute(
      sql`insert into report_schedules (account_id, kind, criteria, frequency, created_at)
          values (${w.g1.agentAccountId}, 'sites', '{"groupBy":"date"}'::jsonb, 'daily', now())`,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-job-'));
    server = await spawnServer({
      args: entryArgs('main'),
      inheritEnv: false,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DEMO_SCALE: '0',
        SECRET_KEY: 'report-job-secret-key-0123456789',
        WEB_DIST: path.join(os.tmpdir(), 'salesdesk-no-web'),
        DATABASE_URL: url,
        DATABASE_POOL_MAX: '4',
        DATA_DIR: dataDir,
        JOBS_TEST_CLOCK_SHIFT_MS: String(due.getTime() - (Date.now() + lead)),
      },
    });
    const outbox = path.join(dataDir, 'outbox');
    let mail = '';
    for (const until = Date.now() + 60_000; !mail && Date.now() < until; await sleep(250)) {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      if (files.length) mail = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    }
    expect(mail, server.output()).toContain('To: g1-reports@example.com');
    expect(mail).toContain(`Sites Statistics, daily, ${addDays(day, -1)}`);
    expect(mail).toContain('Content-Type: text/csv');
    const [run] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from job_runs where job = 'report-mail'`,
    );
    expect(run.n).toBe(1);
  }, 180_000);
});
