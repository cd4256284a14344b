// Serves sales/{id}/reverse, sales/status and adjustments: the admin calls that change money (DESIGN.md section 9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Permission,
  Role,
  ZAdjustment,
  ZAdjustmentAnswer,
  ZIdParams,
  ZReverseAnswer,
  ZReverseSale,
  ZSaleStatusAnswer,
  ZSaleStatusChange,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { permission } from '../http/access';
import * as money from './service';

// Admins who see earnings, and superadmins; an office or agent never, whatever flags its account holds.
const moneyAdmin = {
  access: permission(Permission.EarningVisible, Role.Admin),
  keyScope: 'sales:write',
} as const;

const salesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/sales/:id/reverse',
    {
      config: { ...moneyAdmin, audit: { target: 'sale' } },
      schema: { params: ZIdParams, body: ZReverseSale, response: { 200: ZReverseAnswer } },
    },
    (req) => money.reverse(ctx, principalOf(req), req.params.id, req.body),
  );

  // Held sales only; the others are left alone. None of them held answers 409.
  app.post(
    '/sales/status',
    { config: moneyAdmin, schema: { body: ZSaleStatusChange, response: { 200: ZSaleStatusAnswer } } },
    (req) => money.changeStatus(ctx, principalOf(req), req.body),
  );

  app.put(
    '/adjustments',
    { config: moneyAdmin, schema: { body: ZAdjustment, response: { 200: ZAdjustmentAnswer } } },
    (req) => money.adjust(ctx, principalOf(req), req.body),
  );
};

export default salesRoutes;
