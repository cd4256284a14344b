// Pay statements of closed periods (issue 22): the list one may see, one statement with its lines, and
// both as CSV. Every role, each in its tenant.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPayStatement,
  ZPayStatementKey,
  ZPayStatementList,
  ZPayStatementsQuery,
  ZStatementPeriods,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN } from '../http/access';
import * as statements from './service';

// An agent suspended for fraud still reads its own statements (its Home says why it earns no more).
const OPEN_TO_EVERY_AGENT = { access: LOGIN, keyScope: 'statements:read', openWhileSuspended: true } as const;

const payStatementsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/pay-statements',
    {
      config: OPEN_TO_EVERY_AGENT,
      schema: { querystring: ZPayStatementsQuery, response: { 200: ZPayStatementList } },
    },
    (req) => statements.listStatements(ctx, principalOf(req), req.query),
  );

  // The closed and paid periods (the list's period choice): the same for every role, no money in them.
  app.get(
    '/pay-statements/periods',
    {
      config: { access: LOGIN, keyScope: 'statements:read' },
      schema: { response: { 200: ZStatementPeriods } },
    },
    () => statements.statementPeriods(ctx),
  );

  // The same filters as the list; paging is ignored: the file holds every matching statement.
  app.get(
    '/pay-statements/export',
    { config: OPEN_TO_EVERY_AGENT, schema: { querystring: ZPayStatementsQuery } },
    (req, reply) => statements.exportStatements(ctx, principalOf(req), req.query, reply),
  );

  app.get(
    '/pay-statements/:start/:agentId',
    {
      config: OPEN_TO_EVERY_AGENT,
      schema: { params: ZPayStatementKey, response: { 200: ZPayStatement } },
    },
    (req) => statements.getStatement(ctx, principalOf(req), req.params.start, req.params.agentId),
  );

  app.get(
    '/pay-statements/:start/:agentId/export',
    { config: OPEN_TO_EVERY_AGENT, schema: { params: ZPayStatementKey } },
    (req, reply) =>
      statements.exportStatement(ctx, principalOf(req), req.params.start, req.params.agentId, reply),
  );
};

export default payStatementsRoutes;
