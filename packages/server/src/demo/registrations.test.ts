import { describe, expect, it } from 'vitest';
import { DEMO_DAYS } from './history';
import { agentRegTime } from './registrations';

const DAY = 86_400_000;

describe('demo agents registered', () => {
  it('before the history for agents with one, a few days apart; lately for those awaiting approval', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    const start = now - DEMO_DAYS * DAY;
    const approved = Array.from({ length: 27 }, (_, i) => agentRegTime(i + 1, false, now).getTime());
    expect(new Set(approved.map((t) => new Date(t).toISOString().slice(0, 10))).size).toBe(27);
    for (const t of approved) expect(t).toBeLessThan(start);
    expect(approved[0]).toBeLessThan(approved[26]); // agent01 first
    expect(start - Math.min(...approved)).toBeLessThan(70 * DAY);
    for (const n of [28, 29, 30]) {
      const t = agentRegTime(n, true, now).getTime();
      expect(t).toBeLessThan(now);
      expect(now - t).toBeLessThan(5 * DAY);
    }
  });
});
