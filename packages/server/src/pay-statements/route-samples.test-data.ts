// Route matrix samples of the pay statements (issue 22): the list and its file name the tenant's office
// and agent; a statement names the tenant's agent, whose statement of an old closed period is written
// here (closing a real one would move every later money row of the matrix world).
import { sql } from 'drizzle-orm';
import { PayPeriodStatus } from '@salesdesk/contract';
import type { RouteSample, RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';

const START = '1970-01-01';

async function statementOf(w: World, t: Tenant) {
  await w.ctx.db.execute(
    sql`insert into pay_periods (start, "end", status) values (${START}::date, '1970-01-15', ${PayPeriodStatus.Closed})
        on conflict (start) do nothing`,
  );
  await w.ctx.db.execute(
    sql`insert into pay_statements (period_start, agent_id, office_id, total, carried_in, payable, carried_out)
        values (${START}::date, ${t.agentId}, ${t.officeId}, 10, 0, 10, 0) on conflict do nothing`,
  );
}

const list = (path: string): RouteSample => ({
  build: (_w, t) => ({ url: `${path}?start=${START}&companyId=${t.officeId}&agentId=${t.agentId}` }),
  tenantIds: true,
});

const statement = (suffix: string): RouteSample => ({
  build: async (w, t) => {
    await statementOf(w, t);
    return { url: `pay-statements/${START}/${t.agentId}${suffix}` };
  },
  tenantIds: true,
});

export const routeSamples: RouteSamples = {
  'GET /api/pay-statements': list('pay-statements'),
  'GET /api/pay-statements/export': list('pay-statements/export'),
  'GET /api/pay-statements/periods': { build: () => ({ url: 'pay-statements/periods' }) },
  'GET /api/pay-statements/:start/:agentId': statement(''),
  'GET /api/pay-statements/:start/:agentId/export': statement('/export'),
};
