// A comparison's Overall Total is the whole other period's, as that period's own report shows it, even
// where the page's rows are read for the page's agents only: an agent who sold only in the other period
// counts in it (a full run found the superadmin's total short by the rows of another file's agents).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TStatsResult } from '@salesdesk/contract';
import { buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { clickAt, saleAt, secondAgent, type ClickPath } from '../test/logs-fixtures';

let env: TestEnv;
let path: ClickPath;
let token: string;
beforeAll(async () => {
  env = await testEnv();
  path = await buildClickPath(env.ctx);
  const other = await secondAgent(env.ctx, path);
  // This week: one sale of the first agent. The week before: one of each agent.
  for (const [p, at] of [
    [path, '2025-06-11T16:00:00Z'],
    [path, '2025-06-04T16:00:00Z'],
    [other, '2025-06-05T16:00:00Z'],
  ] as const)
    await saleAt(env.ctx, path.site.id, await clickAt(env.ctx, p, at), at);
  token = await tokenFor(env.ctx, path.office.accountId);
});

const report = (body: object) =>
  call<TStatsResult>(env.app, 'POST', 'stats/sites', { token, body: { pageSize: 500, ...body } });

describe('POST stats/sites with a comparison', () => {
  it.each(['agent', 'date'] as const)(
    'by %s: the other period whole in its Overall Total',
    async (groupBy) => {
      const res = await report({ start: '2025-06-08', end: '2025-06-14', groupBy, compare: 'previous' });
      expect(res.status).toBe(200);
      expect(res.body.page.items).toHaveLength(1);
      const alone = await report({ start: '2025-06-01', end: '2025-06-07', groupBy });
      expect(alone.body.overall.sales).toBe(2);
      expect(res.body.compare?.overall).toEqual(alone.body.overall);
      // The page's one row compares with its own figures there.
      const row = res.body.page.items[0];
      expect(res.body.compare?.rows[row.key]?.sales).toBe(1);
    },
  );
});
