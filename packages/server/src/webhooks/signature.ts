// Signing per the Standard Webhooks specification (standardwebhooks.com): the receiver checks
// `webhook-signature` against HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret, and refuses
// a timestamp too far from its clock, so a captured request cannot be replayed later.
import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX as SECRET_PREFIX } from '@salesdesk/contract';

/** A new signing secret as shown once to its owner: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => SECRET_PREFIX + crypto.randomBytes(32).toString('base64');

/** The key bytes of a `whsec_` secret. */
const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

/** One signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const mac = crypto
    .createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of a delivery. `secrets` are the endpoint's current secret and, during a rotation,
 * the previous one: each signs, space-separated, so a receiver holding either accepts it.
 */
export function signedHeaders(secrets: string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp, body)).join(' '),
  };
}
