// Payouts (issue 36): profile/payout (an agent's own details), agents/{id}/payout, and payouts/* (batches,
// their files and results, lines). Batches and outcomes: superadmins and admins who see earnings; the lines:
// anyone signed in, as their tenant (payment history).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Permission,
  Role,
  ZAgentPayoutUpdate,
  ZIdParams,
  ZOwnPayoutUpdate,
  ZPayoutBatch,
  ZPayoutBatchCreate,
  ZPayoutBatchList,
  ZPayoutBatchSearch,
  ZPayoutDetailsView,
  ZPayoutFileParams,
  ZPayoutLine,
  ZPayoutLineFailed,
  ZPayoutLineList,
  ZPayoutLinePaid,
  ZPayoutLineSearch,
  ZPayoutResults,
  ZPayoutResultsDone,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { LOGIN, only, permission, role } from '../http/access';
import { principalOf } from '../http/auth';
import { clientIp } from '../http/client-ip';
import * as details from './details';
import { sendPayoutFile } from './files';
import { recordResults } from './results';
import * as payouts from './service';

// A key pays through batches and their lines; changing an agent's details, and confirming a line held after
// such a change, take a person signed in (no key scope), so a stolen key cannot redirect a payday.
const payers = { access: permission(Permission.EarningVisible, Role.Admin) } as const;
const paying = { ...payers, keyScope: 'payouts:write' } as const;
const onLine = { ...paying, audit: { target: 'payout' } } as const;

const payoutsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/profile/payout',
    { config: { access: only(Role.Agent) }, schema: { response: { 200: ZPayoutDetailsView } } },
    (req) => details.getOwn(ctx, principalOf(req)),
  );
  app.put(
    '/profile/payout',
    {
      config: { access: only(Role.Agent) },
      schema: { body: ZOwnPayoutUpdate, response: { 200: ZPayoutDetailsView } },
    },
    (req) => details.setOwn(ctx, principalOf(req), req.body, clientIp(req)),
  );
  app.get(
    '/agents/:id/payout',
    {
      config: { access: role(Role.Company), keyScope: 'payouts:read' },
      schema: { params: ZIdParams, response: { 200: ZPayoutDetailsView } },
    },
    (req) => details.getOfAgent(ctx, principalOf(req), req.params.id),
  );
  app.put(
    '/agents/:id/payout',
    {
      config: { ...payers, audit: { target: 'agent' } },
      schema: { params: ZIdParams, body: ZAgentPayoutUpdate, response: { 200: ZPayoutDetailsView } },
    },
    (req) => details.setOfAgent(ctx, principalOf(req), req.params.id, req.body.details),
  );

  app.post(
    '/payouts/batches',
    { config: paying, schema: { body: ZPayoutBatchCreate, response: { 200: ZPayoutBatch } } },
    (req) => payouts.makeBatch(ctx, principalOf(req), req.body.start),
  );
  app.post(
    '/payouts/batches/search',
    {
      config: { ...payers, keyScope: 'payouts:read', read: true },
      schema: { body: ZPayoutBatchSearch, response: { 200: ZPayoutBatchList } },
    },
    (req) => payouts.listBatches(ctx, req.body),
  );
  app.get(
    '/payouts/batches/:id',
    {
      config: { ...payers, keyScope: 'payouts:read' },
      schema: { params: ZIdParams, response: { 200: ZPayoutBatch } },
    },
    (req) => payouts.getBatch(ctx, req.params.id),
  );
  app.get(
    '/payouts/batches/:id/file/:method',
    {
      // The one place account numbers leave the database: each download is an audit entry.
      config: { ...paying, read: false, audit: { target: 'payout-batch', detail: 'method' } },
      schema: { params: ZPayoutFileParams },
    },
    (req, reply) => sendPayoutFile(ctx, req.params.id, req.params.method, reply),
  );
  app.post(
    '/payouts/batches/:id/results',
    {
      config: { ...paying, audit: { target: 'payout-batch' } },
      schema: { params: ZIdParams, body: ZPayoutResults, response: { 200: ZPayoutResultsDone } },
    },
    (req) => recordResults(ctx, principalOf(req), req.params.id, req.body.csv),
  );

  app.post(
    '/payouts/lines/search',
    {
      config: { access: LOGIN, keyScope: 'payouts:read', read: true },
      schema: { body: ZPayoutLineSearch, response: { 200: ZPayoutLineList } },
    },
    (req) => payouts.listLines(ctx, principalOf(req), req.body),
  );
  app.post(
    '/payouts/lines/:id/paid',
    { config: onLine, schema: { params: ZIdParams, body: ZPayoutLinePaid, response: { 200: ZPayoutLine } } },
    (req) =>
      payouts.recordLine(ctx, principalOf(req), req.params.id, {
        status: 'paid',
        paidOn: req.body.paidOn,
        bankReference: req.body.reference,
      }),
  );
  app.post(
    '/payouts/lines/:id/failed',
    {
      config: onLine,
      schema: { params: ZIdParams, body: ZPayoutLineFailed, response: { 200: ZPayoutLine } },
    },
    (req) =>
      payouts.recordLine(ctx, principalOf(req), req.params.id, { status: 'failed', reason: req.body.reason }),
  );
  app.post(
    '/payouts/lines/:id/retry',
    { config: onLine, schema: { params: ZIdParams, response: { 200: ZPayoutLine } } },
    (req) => payouts.reopenLine(ctx, principalOf(req), req.params.id, 'failed'),
  );
  app.post(
    '/payouts/lines/:id/confirm',
    {
      config: { ...payers, audit: { target: 'payout' } },
      schema: { params: ZIdParams, response: { 200: ZPayoutLine } },
    },
    (req) => payouts.reopenLine(ctx, principalOf(req), req.params.id, 'held'),
  );
};

export default payoutsRoutes;
