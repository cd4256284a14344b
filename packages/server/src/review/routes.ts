// Serves review/*: the review queue of held and flagged sales, its badge count, approve / reject, and
// Suspend for fraud (admins with the approve-agents permission, and superadmins).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Permission,
  Role,
  ZFraudSuspend,
  ZFraudSuspendAnswer,
  ZIdParams,
  ZReviewCount,
  ZReviewList,
  ZReviewSearch,
  ZReviewStatusChange,
  ZSaleStatusAnswer,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { permission } from '../http/access';
import { changeStatus } from '../sales/service';
import * as review from './service';
import { suspendForFraud } from './suspend';

// Like New Agents; the role too, so the flag left on an office or agent account never admits it.
const reviewer = { access: permission(Permission.ApproveAgents, Role.Admin) };

const reviewRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/review/search',
    { config: { ...reviewer, read: true }, schema: { body: ZReviewSearch, response: { 200: ZReviewList } } },
    (req) => review.listReview(ctx, principalOf(req), req.body),
  );

  app.get('/review/count', { config: reviewer, schema: { response: { 200: ZReviewCount } } }, () =>
    review.heldCount(ctx),
  );

  // POST sales/status's change (held sales only, 409 when none is held) for the queue's reviewers, who
  // need not see earnings.
  app.post(
    '/review/status',
    { config: reviewer, schema: { body: ZReviewStatusChange, response: { 200: ZSaleStatusAnswer } } },
    (req) => changeStatus(ctx, principalOf(req), req.body),
  );

  app.post(
    '/review/agents/:id/suspend',
    {
      config: reviewer,
      schema: { params: ZIdParams, body: ZFraudSuspend, response: { 200: ZFraudSuspendAnswer } },
    },
    (req) => suspendForFraud(ctx, principalOf(req), req.params.id, req.body),
  );
};

export default reviewRoutes;
