// Strings that no field may hold: NUL (PostgreSQL refuses it in text) and lone UTF-16 surrogates
// (not Unicode: they break encoders and comparisons). Refused with a 400 before any schema runs.
import type { FastifyRequest } from 'fastify';
import { validationError } from './errors';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD_CHAR = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const BAD_CHAR_MESSAGE = 'Contains a character that is not allowed';
const MAX_DEPTH = 32;

/** The first top-level field (or key) of `value` holding a refused character, or undefined. */
export function badField(value: unknown, field = '_form', depth = 0): string | undefined {
  if (typeof value === 'string') return BAD_CHAR.test(value) ? field : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const top = depth === 0 && !Array.isArray(value) ? key : field;
    if (BAD_CHAR.test(key)) return top;
    const found = badField(v, top, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** preValidation: runs after the access check, before the route's schema. */
export async function refuseBadCharacters(req: FastifyRequest) {
  // Routes without a schema (the click redirect) parse their few inputs themselves, strictly.
  if (!req.routeOptions.schema) return;
  for (const part of [req.params, req.query, req.body]) {
    const field = badField(part);
    if (field) throw validationError({ [field]: [BAD_CHAR_MESSAGE] });
  }
}
