// The one log line of an answered API call, written by Fastify's onResponse hook and by the postback
// lane: method, path without its query (a postback's token stays out of the log), status, milliseconds.
import type { FastifyBaseLogger } from 'fastify';

const INFO_LEVELS = new Set(['info', 'debug', 'trace']);

export function logAnswered(log: FastifyBaseLogger, method: string, url: string, status: number, ms: number) {
  // Routes that log quietly (the click redirect: logLevel warn) skip this before building the line.
  if (!INFO_LEVELS.has(log.level)) return;
  log.info({ method, url: url.split('?')[0], status, ms: Math.round(ms) }, 'answered');
}
