// Sale postback: GET or POST /api/postback/{siteId}; values in the query, a form body or a JSON body.
// A plain GET is usually answered by the lane in front of Fastify (postback/lane.ts), which does the
// same in the same order; this route answers the rest.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPostbackParams, ZPostbackResponse } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { PUBLIC } from '../http/access';
import { clientIp } from '../http/client-ip';
import { rateLimited } from '../http/errors';
import { countPostbackClient, postbackIpLimit } from './ip-limit';
import { handlePostback } from './service';

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const postbackRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  // Sites usually POST forms; this parser is scoped to the postback plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const perIp = postbackIpLimit(ctx);

  app.route({
    method: ['GET', 'POST'],
    url: '/postback/:siteId',
    exposeHeadRoute: false, // a HEAD must not record a sale
    config: { access: PUBLIC },
    // Limited per IP here, before the token is known; the service limits each site after its token
    // check, so a stranger with a wrong token cannot use up a site's limit.
    onRequest: async (req, reply) => {
      const { allowed, headers } = countPostbackClient(perIp, clientIp(req));
      for (let i = 0; i < headers.length; i += 2) void reply.header(headers[i], headers[i + 1]);
      if (!allowed) throw rateLimited();
    },
    schema: { params: ZPostbackParams, response: { 200: ZPostbackResponse } },
    handler: (req) =>
      handlePostback(ctx, req.params.siteId, { ...asObject(req.query), ...asObject(req.body) }),
  });
};

export default postbackRoutes;
