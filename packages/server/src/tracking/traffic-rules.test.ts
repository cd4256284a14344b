// The invalid-traffic rules without a database: the reasons' order, modes, the repeat window, and the
// test parameter as the click lane reads it from a raw url.
import { describe, expect, it } from 'vitest';
import { INVALID_OPTION_NAMES as N, invalidReasonCode, invalidReasonOf } from '@salesdesk/contract';
import { UniqueTracker as RepeatCounter } from './uniques';
import { hasTestParam } from './test-param';
import {
  classify,
  DEFAULT_RULES,
  REFUSED,
  rulesOf,
  type AddressSet,
  type ClickTraits,
} from './traffic-rules';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WHATSAPP = 'WhatsApp/2.23.20.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const only = (...ips: string[]): AddressSet => ({ has: (ip) => ips.includes(ip) });

let n = 0;
const click = (over: Partial<ClickTraits> = {}): ClickTraits => ({
  typeId: 1,
  agentId: 1,
  ip: `198.51.100.${++n % 250}`,
  userAgent: CHROME,
  request: {},
  time: new Date(),
  ...over,
});
const reasonOf = (code: number) => (code === REFUSED ? 'refused' : (invalidReasonOf(code) ?? 'valid'));

describe('classify', () => {
  const repeats = () => new RepeatCounter();

  it('finds each reason, and a person is valid', () => {
    const rules = rulesOf(new Map([[N.invalidModeDatacenter, 'flag']]), only('10.9.9.9'), only('3.5.140.1'));
    const r = repeats();
    expect(reasonOf(classify(rules, click(), false, r))).toBe('valid');
    expect(reasonOf(classify(rules, click(), true, r))).toBe('BLACKLISTED_IP');
    expect(reasonOf(classify(rules, click({ request: { test: true } }), false, r))).toBe('INTERNAL');
    expect(reasonOf(classify(rules, click({ ip: '10.9.9.9' }), false, r))).toBe('INTERNAL');
    expect(reasonOf(classify(rules, click({ userAgent: WHATSAPP }), false, r))).toBe('PREVIEW');
    expect(reasonOf(classify(rules, click({ userAgent: GOOGLEBOT }), false, r))).toBe('BOT');
    expect(reasonOf(classify(rules, click({ userAgent: null }), false, r))).toBe('BOT');
    expect(reasonOf(classify(rules, click({ request: { head: true } }), false, r))).toBe('HEAD');
    expect(reasonOf(classify(rules, click({ ip: '3.5.140.1' }), false, r))).toBe('DATACENTER');
  });

  it('keeps the first reason by the contract order when several hold', () => {
    const rules = rulesOf(new Map([[N.invalidModeDatacenter, 'flag']]), only('3.5.140.1'), only('3.5.140.1'));
    const all = click({ ip: '3.5.140.1', userAgent: WHATSAPP, request: { head: true, test: true } });
    expect(reasonOf(classify(rules, all, true, repeats()))).toBe('BLACKLISTED_IP');
    expect(reasonOf(classify(rules, all, false, repeats()))).toBe('INTERNAL');
    const machine = click({ ip: '3.5.140.2', userAgent: WHATSAPP, request: { head: true } });
    expect(reasonOf(classify(rules, machine, false, repeats()))).toBe('PREVIEW');
  });

  it('skips a reason set to count, and the next one that holds is kept', () => {
    const rules = rulesOf(
      new Map([
        [N.invalidModePreview, 'count'],
        [N.invalidModeBlacklistedIp, 'count'],
      ]),
    );
    const r = repeats();
    expect(reasonOf(classify(rules, click({ userAgent: WHATSAPP }), true, r))).toBe('valid');
    expect(reasonOf(classify(rules, click({ userAgent: WHATSAPP, request: { head: true } }), false, r))).toBe(
      'HEAD',
    );
  });

  it('refuses bots, previews and data centers only when set to, never a person', () => {
    const rules = rulesOf(
      new Map([
        [N.invalidModeBot, 'refuse'],
        [N.invalidModePreview, 'refuse'],
        [N.invalidModeDatacenter, 'refuse'],
      ]),
      undefined,
      only('3.5.140.1'),
    );
    const r = repeats();
    expect(classify(rules, click({ userAgent: GOOGLEBOT }), false, r)).toBe(REFUSED);
    expect(classify(rules, click({ userAgent: WHATSAPP }), false, r)).toBe(REFUSED);
    expect(classify(rules, click({ ip: '3.5.140.1' }), false, r)).toBe(REFUSED);
    expect(classify(rules, click(), false, r)).toBe(0);
  });

  it('reads a mode a reason cannot take, or a hand-edited value, as its default', () => {
    const rules = rulesOf(
      new Map([
        [N.invalidModeRepeat, 'refuse'],
        [N.invalidModeHead, 'nonsense'],
        [N.repeatClicksMax, '0x10'],
        [N.repeatClicksMinutes, '1e3'],
      ]),
    );
    expect(rules.modes.REPEAT).toBe('flag');
    expect(rules.modes.HEAD).toBe('flag');
    expect(rules.repeat).toEqual({ max: 10, windowMs: 600_000 });
    expect(DEFAULT_RULES.modes).toEqual({
      BLACKLISTED_IP: 'flag',
      INTERNAL: 'flag',
      PREVIEW: 'flag',
      BOT: 'flag',
      HEAD: 'flag',
      DATACENTER: 'count',
      REPEAT: 'flag',
    });
  });

  it('counts the first N of a link, address and agent in M minutes; the rest are repeats', () => {
    const rules = rulesOf(
      new Map([
        [N.repeatClicksMax, '3'],
        [N.repeatClicksMinutes, '2'],
      ]),
    );
    const r = repeats();
    const t0 = Date.parse('2026-11-28T12:00:00Z');
    const at = (s: number, over: Partial<ClickTraits> = {}) =>
      reasonOf(
        classify(rules, click({ ip: '203.0.113.9', time: new Date(t0 + s * 1000), ...over }), false, r),
      );
    expect([at(0), at(10), at(20), at(30), at(40)]).toEqual(['valid', 'valid', 'valid', 'REPEAT', 'REPEAT']);
    // Another link, another agent, another address, another browser: each its own count.
    expect(at(41, { typeId: 2 })).toBe('valid');
    expect(at(42, { agentId: 2 })).toBe('valid');
    expect(at(43, { ip: '203.0.113.10' })).toBe('valid');
    expect(at(44, { userAgent: `${CHROME} Edg/124` })).toBe('valid');
    // The first counted click leaves the window at 120 s: one more counts, then repeats again.
    expect([at(119), at(121), at(122)]).toEqual(['REPEAT', 'valid', 'REPEAT']);
    // A flagged click (a bot) never enters the window.
    expect(at(200, { ip: '203.0.113.50', userAgent: GOOGLEBOT })).toBe('BOT');
  });
});

describe('hasTestParam', () => {
  it('finds sd_test=1 as a whole pair of the query, nowhere else', () => {
    expect(hasTestParam('/api/links/go/1/2/3?sd_test=1')).toBe(true);
    expect(hasTestParam('/api/links/go/1/2/3?a=b&sd_test=1&c=d')).toBe(true);
    expect(hasTestParam('/api/links/go/1/2/3?sd_test=1#x')).toBe(true);
    expect(hasTestParam('/api/links/go/1/2/3')).toBe(false);
    expect(hasTestParam('/api/links/go/1/2/3?sd_test=10')).toBe(false);
    expect(hasTestParam('/api/links/go/1/2/3?xsd_test=1')).toBe(false);
    expect(hasTestParam('/api/links/go/1/2/3?sd_test=0')).toBe(false);
    expect(hasTestParam('/sd_test=1/go?a=1')).toBe(false);
    expect(hasTestParam(`/go?${'sd_test=1x&'.repeat(5000)}`)).toBe(false);
  });
});

it('uses the contract codes', () => {
  expect(invalidReasonCode('BLACKLISTED_IP')).toBe(1);
  expect(invalidReasonCode('REPEAT')).toBe(7);
});
