// Offices custom payments (superadmin): GET companies/fees lists every office's row, POST saves one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Role,
  ZCompanyFeeList,
  ZCompanyFeeRow,
  ZCompanyFeeSave,
  ZCompanyFeesQuery,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import * as fees from './service';

const feesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/companies/fees',
    {
      config: { access: role(Role.Superadmin) },
      schema: { querystring: ZCompanyFeesQuery, response: { 200: ZCompanyFeeList } },
    },
    (req) => fees.listFees(ctx, req.query),
  );

  app.post(
    '/companies/fees',
    {
      config: { access: role(Role.Superadmin) },
      schema: { body: ZCompanyFeeSave, response: { 200: ZCompanyFeeRow } },
    },
    (req) => fees.saveFee(ctx, req.body),
  );
};

export default feesRoutes;
