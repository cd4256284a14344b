// Statistics and payroll (stats/sites*, stats/site-options/*, avp-periods): the reports, their CSV exports,
// the AVP pay schedule and the criteria form's sites and link types. Payroll pages are the admins'; the
// statistics every role's, in its tenant.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  ZAvpPeriodRow,
  ZId,
  ZStatsAvpSearch,
  ZStatsResult,
  ZStatsSearch,
  ZStatsSiteOption,
  ZStatsSitesQuery,
  ZStatsTypeOption,
  type TStatsKind,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role, type Access } from '../http/access';
import { listAvpPeriods } from './avp-sql';
import { exportStats } from './report-csv';
import { statsSiteOptions } from './report-meta-sql';
import { statsReport, statsSiteTypes } from './report-service';

const REPORTS: {
  kind: TStatsKind;
  path: string;
  access: Access;
  body: typeof ZStatsAvpSearch | typeof ZStatsSearch;
}[] = [
  { kind: 'sites', path: '/stats/sites', access: LOGIN, body: ZStatsSearch },
  { kind: 'sites-avp', path: '/stats/sites/avp', access: LOGIN, body: ZStatsAvpSearch },
  { kind: 'sites-payout', path: '/stats/sites-payout', access: role(Role.Admin), body: ZStatsSearch },
  {
    kind: 'sites-payout-avp',
    path: '/stats/sites-payout/avp',
    access: role(Role.Admin),
    body: ZStatsAvpSearch,
  },
];

const statsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  for (const r of REPORTS) {
    app.post(
      r.path,
      {
        config: { access: r.access, keyScope: 'stats:read', read: true },
        schema: { body: r.body, response: { 200: ZStatsResult } },
      },
      (req) => statsReport(ctx, principalOf(req), r.kind, req.body),
    );
    // The same criteria; paging is ignored: the file holds every row.
    app.post(
      `${r.path}/export`,
      { config: { access: r.access, keyScope: 'stats:read', read: true }, schema: { body: r.body } },
      (req, reply) => exportStats(ctx, principalOf(req), r.kind, req.body, reply),
    );
  }

  app.get(
    '/avp-periods',
    {
      config: { access: LOGIN, keyScope: 'stats:read' },
      schema: { response: { 200: z.array(ZAvpPeriodRow) } },
    },
    () => listAvpPeriods(ctx.db),
  );

  app.get(
    '/stats/site-options',
    {
      config: { access: LOGIN, keyScope: 'stats:read' },
      schema: { querystring: ZStatsSitesQuery, response: { 200: z.array(ZStatsSiteOption) } },
    },
    (req) => statsSiteOptions(ctx.db, principalOf(req), req.query.avp ?? false),
  );

  app.get(
    '/stats/site-options/:siteId/types',
    {
      config: { access: LOGIN, keyScope: 'stats:read' },
      schema: { params: z.object({ siteId: ZId }), response: { 200: z.array(ZStatsTypeOption) } },
    },
    (req) => statsSiteTypes(ctx, principalOf(req), req.params.siteId),
  );
};

export default statsRoutes;
