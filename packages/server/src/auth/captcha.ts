// Captcha: an SVG image and a signed check (answer hash and expiry), so no server-side session is needed.
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { TCaptcha } from '@salesdesk/contract';
import type { AppContext } from '../context';

const TTL_MS = 10 * 60 * 1000;
// Solved checks are remembered until they expire so one answer cannot be replayed.
const used = new Map<string, number>();

function sign(ctx: AppContext, answer: string, expires: number, nonce: string) {
  return crypto
    .createHmac('sha256', ctx.keys.captcha)
    .update(`${answer.toLowerCase()}|${expires}|${nonce}`)
    .digest('base64url');
}

export function createCaptcha(ctx: AppContext): TCaptcha {
  if (!ctx.config.captcha) return { image: '', check: '' };
  const c = svgCaptcha.create({
    size: 5,
    noise: 2,
    ignoreChars: '0oO1lIi',
    color: true,
    background: '#f4f6f8',
  });
  const answer = ctx.config.captchaTestAnswer ?? c.text;
  const expires = Date.now() + TTL_MS;
  const nonce = crypto.randomBytes(9).toString('base64url');
  const image = `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
  return { image, check: `${expires}.${nonce}.${sign(ctx, answer, expires, nonce)}` };
}

/** True when the answer matches an unexpired, unused check; a check is spent by any attempt. */
export function verifyCaptcha(
  ctx: AppContext,
  answer: string | undefined,
  check: string | undefined,
): boolean {
  if (!ctx.config.captcha) return true;
  if (!answer || !check) return false;
  const [expiresText, nonce, mac] = check.split('.');
  const expires = Number(expiresText);
  if (!nonce || !mac || !Number.isFinite(expires) || expires < Date.now()) return false;
  if (used.has(nonce)) return false;
  used.set(nonce, expires);
  pruneUsed();
  const expected = Buffer.from(sign(ctx, answer.trim(), expires, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

function pruneUsed() {
  if (used.size < 1000) return;
  const now = Date.now();
  for (const [nonce, expires] of used) if (expires < now) used.delete(nonce);
}
