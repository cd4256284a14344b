// Sale postback: GET or POST /api/postback/{siteId}; values in the query, a form body or a JSON body.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POSTBACK_RATE_PER_MINUTE, ZPostbackParams, ZPostbackResponse } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { PUBLIC } from '../http/access';
import { handlePostback } from './service';

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

// Limited per IP here, before the token is known; the service limits each site after its token check,
// so a stranger with a wrong token cannot use up a site's limit.
const perIp = {
  access: PUBLIC,
  rateLimit: { max: POSTBACK_RATE_PER_MINUTE, timeWindow: '1 minute' },
};

const postbackRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  // Sites usually POST forms; this parser is scoped to the postback plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/postback/:siteId',
    exposeHeadRoute: false, // a HEAD must not record a sale
    config: perIp,
    schema: { params: ZPostbackParams, response: { 200: ZPostbackResponse } },
    handler: (req) =>
      handlePostback(ctx, req.params.siteId, { ...asObject(req.query), ...asObject(req.body) }),
  });
};

export default postbackRoutes;
