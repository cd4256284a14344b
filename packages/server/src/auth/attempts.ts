// Sign-in throttling (OWASP ASVS 6.3). Failures are counted per (username, IP) and per IP, and those
// are refused for a while; per username alone they only slow each try down, so failures from
// elsewhere never lock the owner out. Usernames arrive canonical (canonicalUsername). The counters are
// shared limits (common/shared-limits): this process's on a single node, Redis's in cluster mode, where
// a step that cannot reach Redis is refused with a 503 rather than let through unthrottled.
import net from 'node:net';
import type { AppContext } from '../context';
import {
  inProcessLimits,
  sharedLimits,
  SharedLimitsDown,
  type Counted,
  type Limit,
} from '../common/shared-limits';
import { refuseWhenDown, SIGN_IN_UNAVAILABLE } from '../http/limits-down';

export { MAX_KEYS } from '../common/shared-limits/window-counter';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 10;
export const MAX_FAILURES_PER_IP = 50;
/** Failures of one username from all addresses before each further try of it waits. */
export const SLOW_AFTER_FAILURES = 10;
const DELAY_STEP_MS = 200;
export const MAX_DELAY_MS = 2000;

const PAIR: Limit = { kind: 'sign-in-pair', max: MAX_FAILURES_PER_PAIR, windowMs: WINDOW_MS };
const IP: Limit = { kind: 'sign-in-ip', max: MAX_FAILURES_PER_IP, windowMs: WINDOW_MS };
const USERNAME: Limit = { kind: 'sign-in-username', max: Infinity, windowMs: WINDOW_MS };

/** One key per IPv4 address, and per /64 for IPv6 (one host usually holds the whole /64). */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!net.isIPv6(ip)) return ip;
  const [head, tail] = ip.split('%')[0].split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  const groups = [...front, ...zeros, ...back].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

const pairKey = (username: string, ip: string) => `${ipKey(ip)} ${username}`;

/** The pair first (it starts afresh on success), the username last (it sets the slowdown). */
const tryCounters = (username: string, ip: string): Counted[] => [
  { limit: PAIR, key: pairKey(username, ip) },
  { limit: IP, key: ipKey(ip) },
  { limit: USERNAME, key: username },
];
const SLOW = 2;

/** How long a try waits after `failures` of its username from anywhere. */
function delayAfter(failures: number): number {
  const over = failures - SLOW_AFTER_FAILURES + 1;
  return over > 0 ? Math.min(over * DELAY_STEP_MS, MAX_DELAY_MS) : 0;
}

/**
 * One try: null when this username from this address, or this address at all, has failed too often
 * (nothing is counted then); else how long the try waits. It is counted as failed before the password
 * is checked, so parallel tries cannot all slip under the limit; `endTry` takes it back.
 */
async function startTry(ctx: AppContext, counters: Counted[]): Promise<number | null> {
  const before = await refuseWhenDown(sharedLimits(ctx).startTry(counters, SLOW), SIGN_IN_UNAVAILABLE);
  return before === null ? null : delayAfter(before);
}

/**
 * The right secret: the pair starts afresh; the address and the username lose this one try. Redis away
 * leaves the try counted (stricter, never looser), and the sign-in goes on: a code's transaction has
 * already committed by then.
 */
async function endTry(ctx: AppContext, [pair, ...rest]: Counted[]) {
  await sharedLimits(ctx)
    .endTry([pair], rest)
    .catch((err: unknown) => {
      if (!(err instanceof SharedLimitsDown)) throw err;
    });
}

export const startSignInTry = (ctx: AppContext, username: string, ip: string) =>
  startTry(ctx, tryCounters(username, ip));

export const signInSucceeded = (ctx: AppContext, username: string, ip: string) =>
  endTry(ctx, tryCounters(username, ip));

// Codes of the second step (authenticator or recovery codes), counted like passwords under a key no
// username can have, and per account as well: past MAX_CODE_FAILURES_PER_ACCOUNT wrong codes in the
// window the account takes no code from anywhere, so a known password cannot be followed by a spray of
// a million codes from many addresses.
export const MAX_CODE_FAILURES_PER_ACCOUNT = 10;
const ACCOUNT: Limit = { kind: 'code-account', max: MAX_CODE_FAILURES_PER_ACCOUNT, windowMs: WINDOW_MS };

const codeCounters = (accountId: number, ip: string): Counted[] => [
  ...tryCounters(`#code ${accountId}`, ip),
  { limit: ACCOUNT, key: String(accountId) },
];

export const startCodeTry = (ctx: AppContext, accountId: number, ip: string) =>
  startTry(ctx, codeCounters(accountId, ip));

export const codeSucceeded = (ctx: AppContext, accountId: number, ip: string) =>
  endTry(ctx, codeCounters(accountId, ip));

// This process's counters, read and seeded directly (a single node's; tests pass their own clock).
const here = (limit: Limit) => inProcessLimits.counter(limit);

/** True when this username from this address, or this address at all, has failed too often here. */
export function isThrottled(username: string, ip: string, now = Date.now()): boolean {
  return tryCounters(username, ip).some((c) => here(c.limit).count(c.key, now) >= c.limit.max);
}

/** How long a try of this username waits: nothing until it has failed often from anywhere. */
export const slowdownMs = (username: string, now = Date.now()) =>
  delayAfter(here(USERNAME).count(username, now));

/** Counts a failed try in this process. */
export function recordTry(username: string, ip: string, now = Date.now()) {
  for (const c of tryCounters(username, ip)) here(c.limit).add(c.key, now);
}

export function recordSuccess(username: string, ip: string) {
  const [pair, ...rest] = tryCounters(username, ip);
  here(PAIR).delete(pair.key);
  for (const c of rest) here(c.limit).undo(c.key);
}

/** The most keys any counter of this process holds (tests check the bound). */
export const trackedKeys = () => Math.max(...[PAIR, IP, USERNAME].map((l) => here(l).size));
