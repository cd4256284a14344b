// The client's address in one form: an IPv4 client of a dual-stack listener arrives as ::ffff:1.2.3.4,
// and the black list, the unique-click check and the login throttle must see 1.2.3.4.
import type { FastifyRequest } from 'fastify';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function normalizeIp(ip: string): string {
  return MAPPED_V4.exec(ip)?.[1] ?? ip;
}

export const clientIp = (req: FastifyRequest): string => normalizeIp(req.ip);
