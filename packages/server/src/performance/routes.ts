// Office performance (POST stats/periods) and the office progress chart (POST stats/office-charts), office and above.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Role,
  ZOfficeCharts,
  ZOfficeChartsRequest,
  ZPerformanceList,
  ZPeriodsRequest,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import { principalOf } from '../http/auth';
import * as performance from './service';

const performanceRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/stats/periods',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZPeriodsRequest, response: { 200: ZPerformanceList } },
    },
    (req) => performance.comparePeriods(ctx, principalOf(req), req.body),
  );

  app.post(
    '/stats/periods/export',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZPeriodsRequest },
    },
    (req, reply) => performance.exportPeriods(ctx, principalOf(req), req.body, reply),
  );

  app.post(
    '/stats/office-charts',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZOfficeChartsRequest, response: { 200: ZOfficeCharts } },
    },
    (req) => performance.officeCharts(ctx, principalOf(req), req.body),
  );
};

export default performanceRoutes;
