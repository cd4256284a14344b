// The one log line of an answered API call, written by Fastify's onResponse hook and by the postback
// lane: method, path without its query (a postback's token stays out of the log), status, milliseconds.
// A successful read (the 5-second badge polls, lists, reports) is logged at debug, so `info` holds the
// writes, the sign-ins and the refusals; a server error is logged at error.
import type { FastifyBaseLogger } from 'fastify';

const LEVEL_RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** POST calls that only read: list searches, exports, the reports and the links list. */
const READ_POSTS = /^\/api\/(?:.+\/(?:search|export)|stats\/.+|sale-logs|links\/list)$/;
/** GET calls that write: a postback records a sale; the spec makes the agents' migration a GET. */
const WRITE_GETS = /^\/api\/(?:postback\/|accounts\/migrate$)/;

/** True for a call that changes nothing: a GET (bar WRITE_GETS) or one of READ_POSTS. */
function isRead(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return !WRITE_GETS.test(path);
  return method === 'POST' && READ_POSTS.test(path);
}

export function answerLevel(method: string, path: string, status: number): 'debug' | 'info' | 'error' {
  if (status >= 500) return 'error';
  return status < 400 && isRead(method, path) ? 'debug' : 'info';
}

export function logAnswered(log: FastifyBaseLogger, method: string, url: string, status: number, ms: number) {
  // Routes that log quietly (the click redirect: logLevel warn) skip this before reading the path: no
  // line below error can be written there, and only a 5xx is one.
  const rank = LEVEL_RANK[log.level] ?? Infinity;
  if (rank > LEVEL_RANK.info && (status < 500 || rank > LEVEL_RANK.error)) return;
  const path = url.split('?')[0];
  const level = answerLevel(method, path, status);
  if (rank > LEVEL_RANK[level]) return;
  log[level]({ method, url: path, status, ms: Math.round(ms) }, 'answered');
}
