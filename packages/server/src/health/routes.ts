// GET /api/health: the load balancer's check, public and read-only; 503 takes the node out of rotation
// (the database does not answer, or the click writer is far behind).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthDown, ZHealthUp } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { PUBLIC } from '../http/access';
import { checkNode } from './service';

const healthRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      // Checked every few seconds per node: only a failure is worth a log line.
      logLevel: 'warn',
      config: { access: PUBLIC },
      schema: { response: { 200: ZHealthUp, 503: ZHealthDown } },
    },
    async (req, reply) => {
      const health = await checkNode(ctx);
      if (health.status === 'ok') return health;
      req.log.warn({ error: health.error }, `health check failed: ${health.reason}`);
      return reply.status(503).send({ status: health.status, reason: health.reason });
    },
  );
};

export default healthRoutes;
