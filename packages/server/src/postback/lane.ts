// The sale postback served straight from node:http, ahead of Fastify, as the click redirect is. A site's
// server calls it for every sale, and Fastify's request and reply objects, hooks, schema compilers and
// serializer took about a third of the server's CPU per postback (bench/analysis.md). The lane takes
// the plain shape `GET /api/postback/{siteId}[?query]` and does what the route does, in the route's
// order: the route's admission (admission.ts), then handlePostback, answering in the API's envelope with
// the route's headers; a refusal answers its reason code and is logged as the route logs it. Anything
// else (a POST, a HEAD, odd paths, an app that is closing) goes on to the Fastify route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'fast-querystring';
import type { AppContext } from '../context';
import { loggableError } from '../common/loggable-error';
import { logAnswered } from '../http/answer-log';
import { appErrorBody, INTERNAL_ERROR_BODY } from '../http/errors';
import { laneClientIp, readId, type LaneHost } from '../http/lane';
import { SECURITY_POLICY, securityHeaders } from '../http/security-headers';
import { admitPostback } from './admission';
import { logRefusal, type PostbackCall } from './log';
import { asPostbackRefusal } from './refusal';
import { handlePostback } from './service';

export const POSTBACK_PREFIX = '/api/postback/';
/** The Fastify route the lane stands in front of (its log lines and metrics name it so). */
export const POSTBACK_ROUTE = '/api/postback/:siteId';
const QUESTION = 63;

/** The site id of a plain postback path (`/api/postback/{id}` and its query), or 0 for another shape. */
export function parsePostbackSite(url: string): number {
  const out = [0];
  const end = readId(url, POSTBACK_PREFIX.length, out, 0);
  return end >= 0 && (end === url.length || url.charCodeAt(end) === QUESTION) ? out[0] : 0;
}

/** The lane for one app: answers true when it took the request, false to leave it to Fastify. */
export function postbackLane(
  ctx: AppContext,
  trustProxy: string[] | false,
  host: LaneHost,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clientIp = laneClientIp(trustProxy);
  const meter = host.meter;
  // Every answer of the route carries these (the security headers as registerSecurityHeaders sets them).
  const fixed = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'];
  for (const [name, value] of securityHeaders(SECURITY_POLICY).set) fixed.push(name, value);

  return (req, res) => {
    const url = req.url ?? '';
    if (host.closing || req.method !== 'GET' || !url.startsWith(POSTBACK_PREFIX)) return false;
    const siteId = parsePostbackSite(url);
    if (!siteId) return false;
    const started = performance.now();
    let headers: string[] = [];

    const answer = (status: number, body: object, result?: string) => {
      const text = JSON.stringify(body);
      res.writeHead(status, [...fixed, ...headers, 'content-length', String(Buffer.byteLength(text))]);
      res.end(text);
      const ms = performance.now() - started;
      if (host.log) logAnswered(host.log, 'GET', url, status, ms);
      meter?.postbackAnswered(status, result, ms / 1000);
    };
    const call: PostbackCall = { siteId, ip: '', raw: {} };
    const fail = (err: unknown) => {
      const refusal = asPostbackRefusal(err);
      if (refusal) {
        logRefusal(ctx, call, refusal);
        return answer(refusal.status, appErrorBody(refusal), refusal.reason);
      }
      host.log?.error({ error: loggableError(err), route: POSTBACK_ROUTE }, 'request failed');
      answer(500, INTERNAL_ERROR_BODY);
    };

    const serve = async () => {
      call.ip = clientIp(req);
      const q = url.indexOf('?');
      if (q >= 0) call.raw = querystring.parse(url.slice(q + 1)) as Record<string, unknown>;
      const gate = await admitPostback(ctx, call, true);
      headers = gate.headers;
      return handlePostback(ctx, await gate.admit(call));
    };
    // Whatever fails here is answered like the route's failures: a listener that threw would take the
    // whole server down.
    serve()
      .then((result) => answer(200, result, result.duplicate ? 'DUPLICATE' : 'ACCEPTED'), fail)
      .catch(() => res.destroy()); // the answer itself failed: nothing more can be said on this socket
    return true;
  };
}
