// Where a sign-in comes from: the client's address and its browser, as the sessions list shows them.
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../http/client-ip';

/** Where a sign-in comes from, as the sessions list shows it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const USER_AGENT_MAX = 512;

export function clientOf(req: FastifyRequest): ClientInfo {
  const raw = req.headers['user-agent'] ?? '';
  // Control characters have no place in a browser's name (and PostgreSQL text refuses NUL).
  // eslint-disable-next-line no-control-regex
  const userAgent = raw.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX);
  return { ip: clientIp(req), userAgent };
}
