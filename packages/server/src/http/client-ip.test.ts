import { describe, expect, it } from 'vitest';
import { normalizeIp } from './client-ip';

describe('normalizeIp', () => {
  it('unwraps IPv4-mapped IPv6 addresses and leaves the rest', () => {
    expect(normalizeIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('::ffff:abcd')).toBe('::ffff:abcd');
  });
});
