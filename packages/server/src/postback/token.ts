// Per-site postback secrets (DESIGN.md rule 3): made at site creation, compared in constant time.
import crypto from 'node:crypto';

/** A fresh postback token for a new site (32 url-safe characters; sites.postback_token holds 64). */
export const newPostbackToken = (): string => crypto.randomBytes(24).toString('base64url');

// The sites' own tokens are few and asked for on every postback: each is encoded once.
const expectedBytes = new Map<string, Buffer>();
const MAX_EXPECTED = 10_000;

function bytesOf(token: string): Buffer {
  let b = expectedBytes.get(token);
  if (!b) {
    if (expectedBytes.size >= MAX_EXPECTED) expectedBytes.clear();
    b = Buffer.from(token);
    expectedBytes.set(token, b);
  }
  return b;
}

/**
 * True when `given` equals the site's token. Tokens of the same length are compared in constant time;
 * another length is refused at once, which tells only the length (32 for every generated token). Hashing
 * both sides first hid the length too, but a hash per postback cost about 4 % of the server's CPU for it.
 */
export function postbackTokenMatches(expected: string, given: string): boolean {
  const e = bytesOf(expected);
  const g = Buffer.from(given);
  return e.length === g.length && crypto.timingSafeEqual(e, g);
}
