// Captcha: an SVG image and a signed check (answer hash and expiry), so no server-side session is needed.
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { TCaptcha } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { sharedLimits } from '../common/shared-limits';
import { refuseWhenDown, SIGN_IN_UNAVAILABLE } from '../http/limits-down';

const TTL_MS = 10 * 60 * 1000;
// Checks are claimed once, until they expire, so one answer cannot be replayed: on any node in cluster
// mode (Redis SET NX), where a Redis that does not answer refuses the sign-in (503).
const USED = 'captcha-used';
const CLOCK_SLACK_MS = 60_000;

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
export async function verifyCaptcha(
  ctx: AppContext,
  answer: string | undefined,
  check: string | undefined,
): Promise<boolean> {
  if (!ctx.config.captcha) return true;
  if (!answer || !check) return false;
  const [expiresText, nonce, mac] = check.split('.');
  const expires = Number(expiresText);
  const now = Date.now();
  if (!nonce || !mac || !Number.isFinite(expires) || expires < now) return false;
  // Kept as long as a check of ours lives (a forged far-off expiry pins nothing), and a minute more
  // for nodes whose clocks differ a little.
  const claim = sharedLimits(ctx).claimOnce(USED, nonce, Math.min(expires - now, TTL_MS) + CLOCK_SLACK_MS);
  if (!(await refuseWhenDown(claim, SIGN_IN_UNAVAILABLE))) return false;
  const expected = Buffer.from(sign(ctx, answer.trim(), expires, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
