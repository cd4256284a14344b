// Sign-in throttling: per (username, IP) and per IP it refuses, per username it only slows down;
// look-alikes of a username share its count.
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalUsername } from '@salesdesk/contract';
import { buildAgent, PASSWORD, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import {
  ipKey,
  isThrottled,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_PAIR,
  MAX_KEYS,
  recordSuccess,
  recordTry,
  slowdownMs,
  trackedKeys,
  WINDOW_MS,
} from './attempts';
import { THROTTLED } from './service';

let env: TestEnv;
let ipCount = 0;
const freshIp = () => `10.13.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

beforeAll(async () => {
  env = await testEnv();
});

const tryLogin = (username: string, password: string, ip: string) =>
  call<{ code: string; message: string; token?: string }>(env.app, 'POST', 'auth/login', {
    body: { username, password },
    ip,
  });

async function failTimes(username: string, ip: string, n: number) {
  for (let i = 0; i < n; i++) expect((await tryLogin(username, 'wrong-pass', ip)).status).toBe(400);
}

describe('POST auth/login throttling', () => {
  it('refuses the (username, IP) pair after 10 failures; the same user from another IP logs in', async () => {
    const { username } = await buildAgent(env.ctx);
    const attacker = freshIp();
    await failTimes(username, attacker, MAX_FAILURES_PER_PAIR);
    const refused = await tryLogin(username, PASSWORD, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: THROTTLED });
    const owner = await tryLogin(username, PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toBeTruthy();
    // The attacker's address may still try other usernames.
    expect((await tryLogin(uniqueName('x'), 'wrong-pass', attacker)).status).toBe(400);
  });

  it('throttles every look-alike of a throttled username', async () => {
    const { username } = await buildAgent(env.ctx);
    const ip = freshIp();
    await failTimes(username, ip, MAX_FAILURES_PER_PAIR);
    const fullWidth = [...username].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    for (const variant of [username.toUpperCase(), ` ${username} `, fullWidth, `\u3000${username}`]) {
      expect(canonicalUsername(variant)).toBe(username);
      const res = await tryLogin(variant, PASSWORD, ip);
      expect(res.status, JSON.stringify(variant)).toBe(429);
    }
  });

  it('counts parallel tries before checking the password, so none slip past the limit', async () => {
    const { username } = await buildAgent(env.ctx);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => tryLogin(username, 'wrong-pass', ip)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_FAILURES_PER_PAIR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - MAX_FAILURES_PER_PAIR);
  });

  it('refuses an IP after 50 failures across usernames, for every username', async () => {
    const ip = freshIp();
    const { username } = await buildAgent(env.ctx);
    // Seeded (the route's own limit of 30 requests a minute would answer first otherwise).
    for (let i = 1; i < MAX_FAILURES_PER_IP; i++) recordTry(`sprayed${i}`, ip);
    expect((await tryLogin(uniqueName('x'), 'wrong-pass', ip)).status).toBe(400);
    const refused = await tryLogin(username, PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(THROTTLED);
    expect((await tryLogin(username, PASSWORD, freshIp())).status).toBe(200);
  });

  it('slows a username down after failures from many addresses, but its owner still logs in', async () => {
    const { username } = await buildAgent(env.ctx);
    for (let i = 0; i < 10; i++) await failTimes(username, freshIp(), 1);
    expect(slowdownMs(username)).toBeGreaterThan(0);
    const started = Date.now();
    const owner = await tryLogin(username, PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('attempt counters', () => {
  const t0 = 1_000_000_000_000;

  it('forget failures after the window', () => {
    const user = uniqueName('w');
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) recordTry(user, '10.13.250.1', t0);
    expect(isThrottled(user, '10.13.250.1', t0 + WINDOW_MS - 1)).toBe(true);
    expect(isThrottled(user, '10.13.250.1', t0 + WINDOW_MS)).toBe(false);
  });

  it('do not hold successes against an address or a username', () => {
    const ip = '10.13.250.2';
    for (let i = 0; i < 100; i++) {
      recordTry(`u${i}`, ip);
      recordSuccess(`u${i}`, ip);
    }
    expect(isThrottled('someone', ip)).toBe(false);
  });

  it('cap the slowdown', () => {
    const user = uniqueName('d');
    expect(slowdownMs(user, t0)).toBe(0);
    for (let i = 0; i < 1000; i++) recordTry(user, `10.13.251.${i & 255}`, t0);
    expect(slowdownMs(user, t0)).toBe(MAX_DELAY_MS);
  });

  it('count an IPv6 /64 as one address', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe(ipKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'));
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('keep memory bounded under username spraying', () => {
    for (let i = 0; i < MAX_KEYS + 100; i++) recordTry(`spray${i}`, '10.13.252.1');
    expect(trackedKeys()).toBeLessThanOrEqual(MAX_KEYS);
  });
});
