// Builds the Fastify app: shared plugins first, then one plugin per area under /api.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { WEBHOOK_DOCS } from './http/openapi-webhooks';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, type TBrand } from '@salesdesk/contract';
import type { AppContext } from './context';
import { sharedLimits } from './common/shared-limits';
import { enforceAccess, type DeclaredRoute } from './http/access';
import { auditWrites, type AuditedRoute } from './http/audit';
import { logAnswered } from './http/answer-log';
import { clientError, frameworkError, registerErrorHandling } from './http/errors';
import { refuseBadCharacters } from './http/input-guard';
import { describeOperation, finishDocument, SECURITY_SCHEMES } from './http/openapi';
import { replayRetries } from './http/idempotency';
import { sharedRateLimitStore } from './http/rate-limit-store';
import type { LaneHost } from './http/lane';
import { registerSecurityHeaders } from './http/security-headers';
import { areas } from './areas';
import { appMetrics, countAnswers, serveMetrics } from './metrics';
import { postbackLane } from './postback/lane';
import { clickLane } from './tracking/click-lane';

export type App = FastifyInstance;

const declaredByApp = new WeakMap<App, DeclaredRoute[]>();
/** Every /api route with its declared access (the route matrix test walks them). */
export const declaredRoutes = (app: App): DeclaredRoute[] => declaredByApp.get(app) ?? [];
const auditedByApp = new WeakMap<App, AuditedRoute[]>();
/** Every /api route as a read or an audited write (the audit walk test calls each). */
export const auditedRoutes = (app: App): AuditedRoute[] => auditedByApp.get(app) ?? [];

const KEEP_ALIVE_MS = 72_000;
// Nothing logs a request whole; should a line ever carry one, its credentials and body stay out.
const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.body'];

/** `logStream` takes the log lines instead of stdout (the log tests read them). */
export async function buildApp(
  ctx: AppContext,
  opts: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const trustProxy = ctx.config.trustProxy ? ctx.config.trustProxy.split(',').map((s) => s.trim()) : false;
  const metrics = appMetrics(ctx);
  const lanes: LaneHost = { closing: false, meter: metrics?.lanes };
  const app = Fastify({
    // The click redirect's and the postback's lanes answer before Fastify sees the request
    // (tracking/click-lane.ts, postback/lane.ts); what they leave goes on to Fastify.
    serverFactory: (handler) => {
      const click = clickLane(ctx, trustProxy, lanes);
      const postback = postbackLane(ctx, trustProxy, lanes);
      const server = http.createServer((req, res) => {
        if (!click(req, res) && !postback(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = KEEP_ALIVE_MS; // Fastify's default; node's requestTimeout (300 s) stays
      return server;
    },
    logger: opts.logger
      ? {
          level: ctx.config.logLevel,
          redact: LOG_REDACT,
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        }
      : false,
    trustProxy,
    bodyLimit: 6 * 1024 * 1024,
    // One line per answered API call instead of two; the click redirect logs nothing (it is the hot path).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();
  lanes.log = app.log;
  app.addHook('preClose', (done) => {
    lanes.closing = true; // from here Fastify answers every request, with a 503
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onResponse', async (req, reply) =>
    logAnswered(req.log, req.method, req.url, reply.statusCode, reply.elapsedTime),
  );
  if (metrics) countAnswers(app, metrics);

  registerSecurityHeaders(app);
  // In cluster mode the routes' limits count across all nodes (http/rate-limit-store.ts).
  await app.register(rateLimit, {
    global: false,
    ...(ctx.redis ? { store: sharedRateLimitStore(sharedLimits(ctx)) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: its `webhooks` list the events a receiver gets (http/openapi-webhooks.ts).
      openapi: '3.1.0',
      webhooks: WEBHOOK_DOCS,
      info: { title: 'Salesdesk API', version: '1.0.0' },
      servers: [{ url: ctx.config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperation,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      api.decorateRequest('principal', null);
      api.addHook('onRequest', async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
      });
      declaredByApp.set(app, enforceAccess(api, ctx));
      auditedByApp.set(app, auditWrites(api, ctx));
      api.addHook('preValidation', refuseBadCharacters);
      replayRetries(api, ctx);
      for (const area of areas) await api.register(area.plugin, { prefix: area.prefix, ctx });
      api.setNotFoundHandler((_req, reply) =>
        reply.status(404).send({ code: ErrorCode.NotFound, message: 'No such API call' }),
      );
    },
    { prefix: '/api' },
  );

  registerSpa(app, ctx.config.webDist, ctx.brand);
  if (metrics) await serveMetrics(app, ctx, metrics);
  return app;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with the brand in its first bytes: the tab title and the header need no extra call. */
export function brandedIndex(html: string, brand: TBrand): string {
  const meta = `<meta name="salesdesk-brand" content="${escapeHtml(JSON.stringify(brand))}" />`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.displayName)}</title>`)
    .replace('</head>', `    ${meta}\n  </head>`)
    .replace('<body>', `<body class="${escapeHtml(brand.styleClass)}">`);
}

/** Serves the built web app; every non-API path falls back to index.html (path history). */
function registerSpa(app: App, dist: string, brand: TBrand) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.'),
    );
    return;
  }
  const html = brandedIndex(fs.readFileSync(index, 'utf8'), brand);
  const assets = path.join(dist, 'assets') + path.sep;
  void app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build names each file under assets/ by its content's hash, so a browser may keep it for good
    // and load the next page without asking again; any other file (a favicon) is asked for each time.
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader(
        'cache-control',
        file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
      ),
  });
  app.setNotFoundHandler((req, reply) => {
    // /metrics is served on METRICS_PORT only: a scraper sent here by mistake gets a 404, not the page.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url.split('?')[0] === '/metrics') {
      return reply.status(404).send({ code: ErrorCode.NotFound, message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
