// Per-site postback secrets (DESIGN.md rule 3): made at site creation, compared in constant time.
import crypto from 'node:crypto';

/** A fresh postback token for a new site (32 url-safe characters; sites.postback_token holds 64). */
export const newPostbackToken = (): string => crypto.randomBytes(24).toString('base64url');

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

// The sites' own tokens are few and asked for on every postback: each is hashed once.
const expectedDigests = new Map<string, Buffer>();
const MAX_EXPECTED = 10_000;

function expectedDigest(token: string): Buffer {
  let d = expectedDigests.get(token);
  if (!d) {
    if (expectedDigests.size >= MAX_EXPECTED) expectedDigests.clear();
    d = digest(token);
    expectedDigests.set(token, d);
  }
  return d;
}

/** True when `given` equals the site's token; hashing first keeps the comparison constant-time. */
export function postbackTokenMatches(expected: string, given: string): boolean {
  return crypto.timingSafeEqual(expectedDigest(expected), digest(given));
}
