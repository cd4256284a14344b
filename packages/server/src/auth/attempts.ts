// Sign-in throttling (OWASP ASVS 6.3). Failures are counted per (username, IP) and per IP, and those
// are refused for a while; per username alone they only slow each try down, so failures from
// elsewhere never lock the owner out. Usernames arrive canonical (canonicalUsername).
import net from 'node:net';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 10;
export const MAX_FAILURES_PER_IP = 50;
/** Failures of one username from all addresses before each further try of it waits. */
export const SLOW_AFTER_FAILURES = 10;
const DELAY_STEP_MS = 200;
export const MAX_DELAY_MS = 2000;
/** Keys kept per counter; the oldest windows go first, so memory stays bounded under spraying. */
export const MAX_KEYS = 50_000;

class WindowCounter {
  // Insertion order is window-start order: a restarted window is deleted and set again.
  private readonly entries = new Map<string, { count: number; since: number }>();

  count(key: string, now: number): number {
    const e = this.entries.get(key);
    return e && now - e.since < WINDOW_MS ? e.count : 0;
  }

  add(key: string, now: number) {
    const e = this.entries.get(key);
    if (e && now - e.since < WINDOW_MS) {
      e.count += 1;
      return;
    }
    this.entries.delete(key);
    this.evict(now);
    this.entries.set(key, { count: 1, since: now });
  }

  /** Takes back one counted try (it turned out to be a success). */
  undo(key: string) {
    const e = this.entries.get(key);
    if (e && e.count > 0) e.count -= 1;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }

  private evict(now: number) {
    for (const [key, e] of this.entries) {
      if (this.entries.size < MAX_KEYS || now - e.since < WINDOW_MS) break;
      this.entries.delete(key);
    }
    const oldest = this.entries.keys().next();
    if (this.entries.size >= MAX_KEYS && !oldest.done) this.entries.delete(oldest.value);
  }
}

const byPair = new WindowCounter();
const byIp = new WindowCounter();
const byUsername = new WindowCounter();

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

/** True when this username from this address, or this address at all, has failed too often. */
export function isThrottled(username: string, ip: string, now = Date.now()): boolean {
  return (
    byPair.count(pairKey(username, ip), now) >= MAX_FAILURES_PER_PAIR ||
    byIp.count(ipKey(ip), now) >= MAX_FAILURES_PER_IP
  );
}

/** How long a try of this username waits: nothing until it has failed often from anywhere. */
export function slowdownMs(username: string, now = Date.now()): number {
  const over = byUsername.count(username, now) - SLOW_AFTER_FAILURES + 1;
  return over > 0 ? Math.min(over * DELAY_STEP_MS, MAX_DELAY_MS) : 0;
}

/**
 * Counts a try as failed before the password is checked, so parallel tries cannot all slip under
 * the limit; `recordSuccess` takes it back.
 */
export function recordTry(username: string, ip: string, now = Date.now()) {
  byPair.add(pairKey(username, ip), now);
  byIp.add(ipKey(ip), now);
  byUsername.add(username, now);
}

/** The right password: the pair starts afresh; the address and the username lose this one try. */
export function recordSuccess(username: string, ip: string) {
  byPair.delete(pairKey(username, ip));
  byIp.undo(ipKey(ip));
  byUsername.undo(username);
}

/** The most keys any counter holds (tests check the bound). */
export const trackedKeys = () => Math.max(byPair.size, byIp.size, byUsername.size);

// Codes of the second step (authenticator or recovery codes), counted like passwords under a key no
// username can have, and per account as well: past MAX_CODE_FAILURES_PER_ACCOUNT wrong codes in the
// window the account takes no code from anywhere, so a known password cannot be followed by a spray of
// a million codes from many addresses.
export const MAX_CODE_FAILURES_PER_ACCOUNT = 10;
const byAccount = new WindowCounter();
const codeKey = (accountId: number) => `#code ${accountId}`;

export function isCodeThrottled(accountId: number, ip: string, now = Date.now()): boolean {
  return (
    isThrottled(codeKey(accountId), ip, now) ||
    byAccount.count(String(accountId), now) >= MAX_CODE_FAILURES_PER_ACCOUNT
  );
}

export const codeSlowdownMs = (accountId: number, now = Date.now()) => slowdownMs(codeKey(accountId), now);

/** Counted as failed before the code is checked, like a password try; `recordCodeSuccess` takes it back. */
export function recordCodeTry(accountId: number, ip: string, now = Date.now()) {
  recordTry(codeKey(accountId), ip, now);
  byAccount.add(String(accountId), now);
}

export function recordCodeSuccess(accountId: number, ip: string) {
  recordSuccess(codeKey(accountId), ip);
  byAccount.undo(String(accountId));
}
