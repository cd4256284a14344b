import { describe, expect, it } from 'vitest';
import { canonicalIp } from './ip';

describe('canonicalIp', () => {
  it('keeps IPv4, compresses and lower-cases IPv6, keeps a mapped IPv4 tail dotted', () => {
    expect(canonicalIp('203.0.113.5')).toBe('203.0.113.5');
    expect(canonicalIp('2001:0DB8:0000:0000::0001')).toBe('2001:db8::1');
    expect(canonicalIp('::FFFF:203.0.113.5')).toBe('::ffff:203.0.113.5');
    expect(canonicalIp('fe80::1%eth0')).toBe('fe80::1%eth0');
    const longZone = `fe80::1%${'a'.repeat(60)}`;
    for (const bad of [
      longZone,
      '',
      ' 1.2.3.4',
      '01.2.3.4',
      '1.2.3',
      '256.0.0.1',
      '1e3',
      '0x10',
      'a::b::c',
      'x',
    ])
      expect(canonicalIp(bad), bad).toBeNull();
  });
});
