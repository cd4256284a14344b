// What the lanes in front of Fastify share (tracking/click-lane.ts, postback/lane.ts): reading an id
// from the url, a header from the raw list, and the client's address as Fastify would see it.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { LaneMeter } from '../common/metrics/lane-meter';
import { normalizeIp } from './client-ip';

const MAX_ID = 2_147_483_647;
const ZERO = 48;
const NINE = 57;

/**
 * Reads a plain id (1 to the int column's maximum, no sign, no leading zero, at most ten digits) at `pos`
 * of `url`: answers the position after its digits, or -1. The id is left in `out[k]`.
 */
export function readId(url: string, pos: number, out: number[], k: number): number {
  const first = url.charCodeAt(pos);
  if (first <= ZERO || first > NINE) return -1;
  let n = 0;
  const start = pos;
  for (let c = first; c >= ZERO && c <= NINE; c = url.charCodeAt(++pos)) {
    n = n * 10 + (c - ZERO);
    if (pos - start >= 10) return -1;
  }
  if (n > MAX_ID) return -1;
  out[k] = n;
  return pos;
}

/** The value of header `name` (lower case letters and '-') from the raw header list, without building
 *  req.headers or a lower-cased copy of each name. */
export function rawHeader(raw: string[], name: string): string | undefined {
  next: for (let i = 0; i < raw.length; i += 2) {
    const h = raw[i];
    if (h.length !== name.length) continue;
    for (let k = 0; k < h.length; k++) if ((h.charCodeAt(k) | 0x20) !== name.charCodeAt(k)) continue next;
    return raw[i + 1];
  }
  return undefined;
}

type LaneSocket = Socket & { salesdeskIp?: string };

/**
 * The client's address as `clientIp(req)` reads it in Fastify: through `trustProxy` (the app's
 * TRUST_PROXY list) when set, else the socket's, normalized once per connection.
 */
export function laneClientIp(trustProxy: string[] | false): (req: IncomingMessage) => string {
  const trust = trustProxy ? proxyAddr.compile(trustProxy) : null;
  return (req) => {
    if (trust) return normalizeIp(proxyAddr(req, trust));
    const socket = req.socket as LaneSocket;
    return (socket.salesdeskIp ??= normalizeIp(socket.remoteAddress ?? ''));
  };
}

/**
 * What a lane needs from its app, filled in once Fastify exists: whether the app is closing (the lane
 * then leaves every request to Fastify, which answers 503) and the app's logger; and, set before the
 * lanes are made, the meter when metrics are on.
 */
export interface LaneHost {
  closing: boolean;
  log?: FastifyBaseLogger;
  meter?: LaneMeter;
}
