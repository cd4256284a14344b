// The click redirect served straight from node:http, ahead of Fastify. A click needs none of what the
// authenticated API needs (request and reply objects, hooks, a child logger, routing, serializers), and
// on one core those cost twice the click itself (bench/analysis.md). The lane takes only the plain shape
// `GET /api/links/go/{siteId}/{typeId}/{agentId}[?...]` that it can answer with a 302 at once; anything
// else (a 404, a 503, odd paths, a click waiting for an id block) goes on to the Fastify route, which
// runs the same Tracking.record and answers with the API's error envelope.
//
// The 302 is sent once the click is kept (tracking/click-keeper.ts: the tick's clicks journaled
// together), so the lane answers a little later in the same turn of the event loop, or after Redis's
// round trip in cluster mode. A click taken but not kept is answered 503 here, in the API's envelope.
// Once the app is closing, every click goes to Fastify, which answers 503 and closes the connection: an
// answer sent later in the tick would otherwise find the connection busy when the server closes the idle
// ones, and a client on it would go on clicking through the lane, holding the server open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../context';
import { appErrorBody, unavailable } from '../http/errors';
import { laneClientIp, rawHeader, readId, type LaneHost } from '../http/lane';
import type { ClickRecord } from './click-batch';
import type { ClickKeeper } from './click-keeper';
import { runningTracking } from './runtime';
import { hasTestParam } from './test-param';

export const CLICK_PREFIX = '/api/links/go/';
/** The Fastify route the lane stands in front of (the metrics label its answers so). */
export const CLICK_ROUTE = '/api/links/go/:siteId/:typeId/:agentId';
const SLASH = 47;
const QUESTION = 63;

/**
 * Reads the three ids of a plain click path into `out`; false for any other shape (leading zeros, more
 * than ten digits, past the int columns, extra segments, a trailing slash), which Fastify then answers.
 */
export function parseClickIds(url: string, out: number[]): boolean {
  let pos = CLICK_PREFIX.length;
  for (let k = 0; k < 3; k++) {
    pos = readId(url, pos, out, k);
    if (pos < 0) return false;
    if (k < 2) {
      if (url.charCodeAt(pos++) !== SLASH) return false;
    } else if (pos < url.length && url.charCodeAt(pos) !== QUESTION) return false;
  }
  return true;
}

// A click's request traits, shared: the lane allocates nothing per click it need not.
const PLAIN_REQUEST = Object.freeze({});
const TEST_REQUEST = Object.freeze({ test: true });

const UNAVAILABLE_BODY = JSON.stringify(appErrorBody(unavailable()));
const UNAVAILABLE_HEADERS = [
  'content-type',
  'application/json; charset=utf-8',
  'cache-control',
  'no-store',
  'content-length',
  String(Buffer.byteLength(UNAVAILABLE_BODY)),
];

/** The answer once the click is kept, or not. */
function answer(res: ServerResponse, click: ClickRecord | null, location: string) {
  if (res.destroyed) return; // the client went away meanwhile
  if (!click) {
    res.writeHead(503, UNAVAILABLE_HEADERS);
    res.end(UNAVAILABLE_BODY);
    return;
  }
  // The same headers the Fastify route sends; node adds Date and Connection, and writes it all at once.
  res.writeHead(302, ['location', location, 'cache-control', 'no-store', 'content-length', '0']);
  res.end();
}

/**
 * The lane for one app: answers true when it took the click (its answer follows), false to leave the
 * request to Fastify. `trustProxy` is the app's TRUST_PROXY list; the client address is then read as
 * Fastify reads it. `host.closing` hands every request to Fastify. With `host.meter` (metrics on) each
 * answer is also counted and timed with its tick; without it the lane runs the plain answer.
 */
export function clickLane(
  ctx: Pick<AppContext, 'db'>,
  trustProxy: string[] | false,
  host: LaneHost,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clientIp = laneClientIp(trustProxy);
  const ids = [0, 0, 0];
  const meter = host.meter;
  // The keeper of the last click taken: its tick is the one being answered.
  let keeper: ClickKeeper | undefined;
  const done: typeof answer = meter
    ? (res, click, location) => {
        meter.clickAnswered(click !== null, keeper?.tickSeconds ?? 0);
        answer(res, click, location);
      }
    : answer;

  return (req, res) => {
    const url = req.url ?? '';
    if (host.closing || !url.startsWith(CLICK_PREFIX) || req.method !== 'GET' || !parseClickIds(url, ids))
      return false;
    const tracking = runningTracking(ctx);
    // In cluster mode a repeat is counted in Redis first, which the route's record() waits for.
    if (!tracking || tracking.closed || tracking.classifiesLater) return false;
    if (meter) keeper = tracking.keeper;
    let taken;
    try {
      taken = tracking.recordNow(
        {
          siteId: ids[0],
          typeId: ids[1],
          agentId: ids[2],
          ip: clientIp(req),
          time: new Date(),
          referer: rawHeader(req.rawHeaders, 'referer'),
          userAgent: rawHeader(req.rawHeaders, 'user-agent'),
          request: hasTestParam(url) ? TEST_REQUEST : PLAIN_REQUEST,
        },
        done,
        res,
      );
    } catch {
      return false; // 503: nothing was recorded, and the Fastify route answers it in the API's envelope
    }
    // Not taken: not clickable, refused (its invalid reason), or no click id yet: the route answers.
    return !!taken;
  };
}
