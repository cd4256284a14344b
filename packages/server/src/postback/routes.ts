// Postback: GET or POST /api/postback/{siteId}; values in the query, a form body or a JSON body.
// A plain GET is usually answered by the lane in front of Fastify (postback/lane.ts), which does the
// same in the same order; this route answers the rest. Every refusal answers its reason code and is
// logged, here from the plugin's error handler, which also sees the input guard's and Fastify's own
// refusals (a siteId that is no id, a malformed body).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZId, ZPostbackParams } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { PUBLIC } from '../http/access';
import { clientIp } from '../http/client-ip';
import { rateLimited } from '../http/errors';
import { watchFraudSettings } from '../common/fraud-settings';
import { loggableError } from '../common/loggable-error';
import { noteOutcome } from '../common/metrics/outcomes';
import { admitPostback, type PostbackGate } from './admission';
import { logRefusal, type PostbackCall } from './log';
import { closePostbackLog, startPostbackLog } from './log-writer';
import { POSTBACK_DESCRIPTION, POSTBACK_ERROR_RESPONSES, POSTBACK_OK_RESPONSE } from './openapi';
import { asPostbackRefusal } from './refusal';
import { handlePostback } from './service';

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The postback as logged; a path id that is no id (Fastify refused it) is logged under site 0. */
function callOf(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>, ip: string): PostbackCall {
  const site = ZId.safeParse(asObject(req.params).siteId);
  return { siteId: site.success ? site.data : 0, ip, raw: { ...asObject(req.query), ...asObject(req.body) } };
}

const postbackRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  startPostbackLog(ctx, {
    onError: (msg, err) => app.log.error({ error: loggableError(err) }, msg),
  });
  // The fraud rules' cache follows option changes made in any process.
  const unwatchRules = watchFraudSettings(ctx);
  // Runs after in-flight requests finished and before main.ts closes the database.
  app.addHook('onClose', async () => {
    await unwatchRules();
    await closePostbackLog(ctx);
  });

  // Sites usually POST forms; this parser is scoped to the postback plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Admission opens in onRequest (a GET's fields are all in its query) and ends in the handler.
  const gates = new WeakMap<FastifyRequest, PostbackGate>();

  // A refusal is logged and answered by the app's handler (a throw here goes to it); a 500 as well.
  app.setErrorHandler((err, req) => {
    const refusal = asPostbackRefusal(err);
    if (!refusal) throw err;
    logRefusal(ctx, callOf(req, clientIp(req)), refusal);
    noteOutcome(req.raw, { postback: refusal.reason });
    throw refusal;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/postback/:siteId',
    exposeHeadRoute: false, // a HEAD must not record a sale
    // Not audited: the postback log keeps every postback.
    config: { access: PUBLIC, audit: 'off' },
    // Limited per IP here, before the body is read. A site is counted only once its token is known to
    // be right: here with the address for a GET whose cached token matches (one Redis round trip), else
    // by the gate's admit after its token check, so a stranger with a wrong token cannot use up its limit.
    onRequest: async (req, reply) => {
      const gate = await admitPostback(ctx, callOf(req, clientIp(req)), req.method === 'GET');
      for (let i = 0; i < gate.headers.length; i += 2)
        void reply.header(gate.headers[i], gate.headers[i + 1]);
      if (!gate.allowed) throw rateLimited();
      gates.set(req, gate);
    },
    schema: {
      summary: 'A site reports a sale, bonus, refund or chargeback',
      description: POSTBACK_DESCRIPTION,
      params: ZPostbackParams,
      response: { 200: POSTBACK_OK_RESPONSE, ...POSTBACK_ERROR_RESPONSES },
    },
    handler: async (req) => {
      const gate = gates.get(req);
      if (!gate) throw new Error('the postback was not admitted in onRequest');
      const result = await handlePostback(ctx, await gate.admit(callOf(req, clientIp(req))));
      noteOutcome(req.raw, { postback: result.duplicate ? 'DUPLICATE' : 'ACCEPTED' });
      return result;
    },
  });
};

export default postbackRoutes;
