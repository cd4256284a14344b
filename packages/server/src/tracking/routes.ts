// Tracking links (links/list, links/go/*): link codes and the click redirect (lean: no schema, helmet, log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLinksList, ZLinksListRequest } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { clientIp } from '../http/client-ip';
import { principalOf } from '../http/auth';
import { LOGIN, PUBLIC } from '../http/access';
import { notFound } from '../http/errors';
import { loggableError } from '../common/loggable-error';
import { closeTracking, startTracking } from './runtime';
import { noteOutcome } from '../common/metrics/outcomes';
import { listLinks, recordRoutedClick } from './service';
import { hasTestParam } from './test-param';

const MAX_ID = 2_147_483_647;

/** A path id: a positive integer that fits the int columns, else undefined. */
function pathId(value: string | undefined): number | undefined {
  if (!value || value.length > 10 || !/^[1-9]\d*$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_ID ? n : undefined;
}

interface GoParams {
  siteId?: string;
  typeId?: string;
  agentId?: string;
}

const trackingRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  await startTracking(ctx, (msg, err) =>
    err === undefined ? app.log.warn(msg) : app.log.error({ error: loggableError(err) }, msg),
  );
  // Runs after in-flight requests finished and before main.ts closes the database.
  app.addHook('onClose', async () => closeTracking(ctx));

  app.post(
    '/links/list',
    {
      config: { access: LOGIN, keyScope: 'links:read', read: true },
      schema: { body: ZLinksListRequest, response: { 200: ZLinksList } },
    },
    (req) => listLinks(ctx, principalOf(req), req.body),
  );

  // HEAD is answered as a GET (a preview still finds the site) and recorded as the HEAD reason: link
  // checkers and previewers send it, people's browsers never do. The lane in front takes plain GETs only.
  const lean = {
    logLevel: 'warn',
    exposeHeadRoute: false,
    config: { access: PUBLIC, securityHeaders: false },
  } as const;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/links/go/:siteId/:typeId/:agentId',
    ...lean,
    handler: async (req, reply) => {
      const p = req.params as GoParams;
      const siteId = pathId(p.siteId);
      const typeId = pathId(p.typeId);
      const agentId = pathId(p.agentId);
      if (!siteId || !typeId || !agentId) {
        noteOutcome(req.raw, { click: 'bad_path' });
        throw notFound();
      }
      const click = await recordRoutedClick(ctx, req.raw, {
        siteId,
        typeId,
        agentId,
        ip: clientIp(req),
        time: new Date(),
        referer: req.headers.referer,
        userAgent: req.headers['user-agent'],
        request: { head: req.method === 'HEAD', test: hasTestParam(req.url) },
      });
      return reply.redirect(click.location, 302);
    },
  });
};

export default trackingRoutes;
