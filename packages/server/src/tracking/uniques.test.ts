import { describe, expect, it } from 'vitest';
import { clickTarget } from './cache';
import { easternDayBounds, UniqueTracker } from './uniques';

const at = (iso: string) => Date.parse(iso);

describe('easternDayBounds', () => {
  it('gives 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = easternDayBounds(at('2026-03-08T12:00:00Z'));
    expect(new Date(spring.start).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(spring.end).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const fall = easternDayBounds(at('2026-11-01T12:00:00Z'));
    expect(new Date(fall.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(fall.end).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('UniqueTracker', () => {
  it('counts a key once per Eastern day, not per UTC day', () => {
    const u = new UniqueTracker();
    expect(u.firstInDay(1, 1, 'k', at('2026-06-01T03:00:00Z'))).toBe(true); // May 31, 23:00 EDT
    expect(u.firstInDay(1, 1, 'k', at('2026-06-01T03:59:00Z'))).toBe(false);
    expect(u.firstInDay(1, 1, 'k', at('2026-06-01T04:00:00Z'))).toBe(true); // June 1, 00:00 EDT
    expect(u.firstInDay(1, 2, 'k', at('2026-06-01T05:00:00Z'))).toBe(true);
  });

  it('remembers preloaded keys and forgets the oldest past its bound', () => {
    const u = new UniqueTracker(2);
    const t = at('2026-06-01T12:00:00Z');
    u.preload([{ typeId: 1, agentId: 1, ip: 'a' }], t);
    expect(u.firstInDay(1, 1, 'a', t)).toBe(false);
    expect(u.firstInDay(1, 1, 'b', t)).toBe(true);
    expect(u.firstInDay(2, 1, 'a', t)).toBe(true); // forgets a
    expect(u.firstInDay(1, 1, 'a', t)).toBe(true); // forgets b
    expect(u.firstInDay(2, 1, 'a', t)).toBe(false);
    expect(u.firstInDay(1, 1, 'b', t)).toBe(true); // forgets (2, 1, a)
    expect(u.firstInDay(2, 1, 'a', t)).toBe(true);
  });

  it('tells keys apart by type, agent and IP', () => {
    const u = new UniqueTracker();
    const t = at('2026-06-01T12:00:00Z');
    expect(u.firstInDay(1, 2, '10.0.0.1', t)).toBe(true);
    expect(u.firstInDay(2, 1, '10.0.0.1', t)).toBe(true);
    expect(u.firstInDay(1, 2, '10.0.0.2', t)).toBe(true);
    expect(u.firstInDay(12, 1, '10.0.0.1', t)).toBe(true);
    expect(u.firstInDay(1, 21, '0.0.0.1', t)).toBe(true);
    expect(u.firstInDay(1, 2, '10.0.0.1', t)).toBe(false);
  });

  it('keeps today while back-filled days come and go', () => {
    const u = new UniqueTracker();
    const today = Date.now();
    u.firstInDay(1, 1, 'k', today);
    for (let d = 1; d <= 5; d++) u.firstInDay(1, 1, 'k', today - d * 86_400_000);
    u.firstInDay(1, 1, 'x', today);
    expect(u.firstInDay(1, 1, 'k', today)).toBe(false);
  });
});

describe('clickTarget', () => {
  const build = (url: string, param = 'clickid') => {
    const t = clickTarget(url, param);
    return t && `${t.prefix}42${t.fragment}`;
  };
  it('appends the click parameter keeping query and fragment', () => {
    expect(build('https://a.example/join')).toBe('https://a.example/join?clickid=42');
    expect(build('https://a.example/?ref=x')).toBe('https://a.example/?ref=x&clickid=42');
    expect(build('https://a.example/p?')).toBe('https://a.example/p?clickid=42');
    expect(build('https://a.example/p?a=1&')).toBe('https://a.example/p?a=1&clickid=42');
    expect(build('https://a.example/p?a=1#frag', 'sub id')).toBe('https://a.example/p?a=1&sub%20id=42#frag');
    expect(build('https://a.example/ü')).toBe('https://a.example/%C3%BC?clickid=42');
    expect(build('not a url')).toBeNull();
  });
});
