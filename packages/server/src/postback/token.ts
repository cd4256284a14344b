// Per-site postback secrets (DESIGN.md rule 3): made at site creation, compared in constant time.
import crypto from 'node:crypto';

/** A fresh postback token for a new site (32 url-safe characters; sites.postback_token holds 64). */
export const newPostbackToken = (): string => crypto.randomBytes(24).toString('base64url');

/** True when `given` equals the site's token; hashing first keeps the comparison constant-time. */
export function postbackTokenMatches(expected: string, given: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(expected), digest(given));
}
