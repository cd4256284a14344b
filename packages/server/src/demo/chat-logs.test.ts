import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildClickPath } from '../test/factories';
import { testEnv } from '../test/harness';
import { queryRows } from '../db/client';
import { seedDemoChatLogs } from './chat-logs';

const NOW = new Date('2024-06-14T18:00:00Z');
class Rollback extends Error {}

describe('demo chat logs', () => {
  it("logs past conversations of active agents on their enabled sites (rolled back: other tests' agents stay clean)", async () => {
    const { ctx } = await testEnv();
    const p = await buildClickPath(ctx);
    await ctx.db
      .transaction(async (tx) => {
        expect(await seedDemoChatLogs(tx, { now: NOW })).toBeGreaterThan(0);
        const rows = await queryRows<{
          agent_id: number;
          site_id: number;
          office_id: number;
          submit_time: Date;
        }>(
          tx,
          sql`select agent_id, site_id, office_id, submit_time from chat_logs where agent_id = ${p.agent.id}`,
        );
        // About nine over 60 days; none at all has a chance below 1 in 10,000.
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows) {
          expect(r).toMatchObject({ site_id: p.site.id, office_id: p.office.id });
          expect(new Date(r.submit_time).getTime()).toBeLessThanOrEqual(NOW.getTime());
        }
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });
});
