// The security headers of every answer (helmet's, with the app's CSP), worked out once at start.
// @fastify/helmet calls helmet(options) on every request, which parses the CSP directives and builds
// each of its middlewares again: about 3 % of a postback's CPU, for headers that never change.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's answers carry no helmet headers (the click redirect). */
    securityHeaders?: false;
  }
}

export const SECURITY_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

export interface SecurityHeaders {
  set: Array<[string, string]>;
  remove: string[];
}

/** What helmet's middleware does to a response, recorded once. */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const out: SecurityHeaders = { set: [], remove: [] };
  const res = {
    setHeader: (name: string, value: unknown) => void out.set.push([name, String(value)]),
    removeHeader: (name: string) => void out.remove.push(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return out;
}

/** Sets the recorded headers on every answer of `app` (routes with `securityHeaders: false` excepted). */
export function registerSecurityHeaders(app: FastifyInstance, options = SECURITY_POLICY) {
  const { set, remove } = securityHeaders(options);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.securityHeaders !== false) {
      const raw = reply.raw;
      for (const name of remove) raw.removeHeader(name);
      for (const [name, value] of set) raw.setHeader(name, value);
    }
    done();
  });
}
