// Serves pay-periods and pay-periods/{start}/close|paid|reopen (DESIGN.md section 9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Permission,
  Role,
  ZOk,
  ZPayPeriodKey,
  ZPayPeriods,
  ZPayPeriodsQuery,
  ZReopenPayPeriod,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { permission, role } from '../http/access';
import * as periods from './service';

// The list shows what Payroll shows (admins); closing and paying settle money, so they are the money
// calls' admins: with the earnings permission, and superadmins. Reopening undoes a settlement: superadmin.
const admin = { access: role(Role.Admin) };
const moneyAdmin = { access: permission(Permission.EarningVisible, Role.Admin) };
const superadmin = { access: role(Role.Superadmin) };
// A period's writes are about the period the path names.
const period = { audit: { target: 'pay-period', param: 'start' } } as const;

const payPeriodsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/pay-periods',
    { config: admin, schema: { querystring: ZPayPeriodsQuery, response: { 200: ZPayPeriods } } },
    (req) => periods.listPayPeriods(ctx, req.query.page),
  );

  app.post(
    '/pay-periods/:start/close',
    { config: { ...moneyAdmin, ...period }, schema: { params: ZPayPeriodKey, response: { 200: ZOk } } },
    (req) => periods.close(ctx, principalOf(req), req.params.start),
  );

  app.post(
    '/pay-periods/:start/paid',
    { config: { ...moneyAdmin, ...period }, schema: { params: ZPayPeriodKey, response: { 200: ZOk } } },
    (req) => periods.markPaid(ctx, principalOf(req), req.params.start),
  );

  app.post(
    '/pay-periods/:start/reopen',
    {
      config: { ...superadmin, ...period },
      schema: { params: ZPayPeriodKey, body: ZReopenPayPeriod, response: { 200: ZOk } },
    },
    (req) => periods.reopen(ctx, principalOf(req), req.params.start, req.body),
  );
};

export default payPeriodsRoutes;
