// The address-range matcher of the INTERNAL and DATACENTER reasons (issue 35), without a database: both
// spellings of an address against both spellings of a range, the edges of a range, what a list may not
// hold (reported by line), and hostile input answered at once; then more spellings and refusals, a check
// against node:net's BlockList on random ranges, and the shipped cloud provider list with its lookup speed.
import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { fastestMs, flat } from '../test/fastest';
import { DATACENTER_LIST_FILE, datedListDate, IpRanges } from './ip-ranges';

const set = (text: string) => {
  const { ranges, errors } = IpRanges.parse(text);
  expect(errors).toEqual([]);
  return ranges;
};

describe('IpRanges', () => {
  it('matches addresses and CIDR ranges, IPv4 and IPv6, to the edges and not one past', () => {
    const r = set('10.0.0.0/8\n203.0.113.7\n192.0.2.128/25\taws\n2001:db8::/32 google\n::1');
    for (const ip of [
      '10.0.0.0',
      '10.255.255.255',
      '203.0.113.7',
      '192.0.2.128',
      '192.0.2.255',
      '2001:db8::',
      '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
      '::1',
    ])
      expect(r.has(ip), ip).toBe(true);
    for (const ip of [
      '9.255.255.255',
      '11.0.0.0',
      '203.0.113.8',
      '192.0.2.127',
      '193.0.0.0',
      '2001:db9::',
      '2001:db7:ffff::',
      '::2',
    ])
      expect(r.has(ip), ip).toBe(false);
    expect(r.size).toBe(5);
  });

  it('reads an IPv4-mapped IPv6 address or range as IPv4, either way round', () => {
    expect(set('198.51.100.0/24').has('::ffff:198.51.100.9')).toBe(true);
    expect(set('::ffff:198.51.100.0/120').has('198.51.100.9')).toBe(true);
    expect(set('198.51.100.0/24').has('::ffff:198.51.101.9')).toBe(false);
  });

  it('drops the host bits of a range, and takes commas, comments and labels', () => {
    const r = set('10.1.2.3/8, 172.16.0.0/12 # staff\n# a comment line\n\n100.64.0.0/10 carrier-grade');
    expect(r.has('10.200.0.1')).toBe(true);
    expect(r.has('172.31.255.255')).toBe(true);
    expect(r.has('100.127.0.1')).toBe(true);
    expect(set('0.0.0.0/0').has('8.8.8.8')).toBe(true);
  });

  it('reports each entry that is not an address or range by its line, and keeps the rest', () => {
    const { ranges, errors } = IpRanges.parse(
      [
        '10.0.0.0/8',
        '256.1.1.1',
        '01.2.3.4',
        '10.0.0.0/33',
        '2001:db8::/129',
        'not-an-ip',
        '1.2.3.4\u0000',
        '１０.0.0.1',
      ].join('\n'),
    );
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(ranges.has('10.1.1.1')).toBe(true);
  });

  it('refuses a list past its entry limit with one error', () => {
    const { errors } = IpRanges.parse('10.0.0.1\n10.0.0.2\n10.0.0.3', { maxLines: 2 });
    expect(errors).toHaveLength(1);
  });

  it('answers false at once for anything that is not an address, however long', () => {
    const r = set('10.0.0.0/8');
    for (const ip of ['', 'x', '10.0.0', '10.0.0.0.0', '10.0.0.1 ', ':::', '1'.repeat(64 * 1024)]) {
      expect(r.has(ip)).toBe(false);
      const flatIp = flat(ip);
      expect(fastestMs(() => r.has(flatIp))).toBeLessThan(1);
    }
  });

  it('looks an address up in a microsecond or so on a list of tens of thousands of ranges (the figure printed)', () => {
    const lines = Array.from(
      { length: 40_000 },
      (_, i) => `${11 + (i >> 12)}.${(i >> 4) & 255}.${(i & 15) * 16}.0/28`,
    );
    const r = set(lines.join('\n'));
    const ips = Array.from(
      { length: 200_000 },
      (_, i) => `${11 + (i % 20)}.${(i * 7) & 255}.${(i * 13) & 255}.${i & 255}`,
    );
    const started = performance.now();
    let found = 0;
    for (const ip of ips) if (r.has(ip)) found++;
    const microseconds = ((performance.now() - started) * 1000) / ips.length;
    console.log(`IpRanges.has: ${microseconds.toFixed(3)} µs a lookup on ${r.size} ranges (${found} found)`);
    expect(found).toBeGreaterThan(0);
    expect(microseconds).toBeLessThan(5); // loose: the figure is printed; a busy CI machine is slower
  });

  it('reads the date a list says it was made', () => {
    expect(datedListDate('# Cloud ranges\n# date: 2026-11-20\n10.0.0.0/8')).toBe('2026-11-20');
    expect(datedListDate('10.0.0.0/8')).toBeNull();
  });
});

/** ms taken by fn. */
const time = (fn: () => void) => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

describe('IpRanges, more closely', () => {
  it('matches IPv6 addresses and ranges, in any spelling', () => {
    const r = set('2001:db8::/32\n2001:DB8:1::1\nfe80::/10\n2a00:1450:4001:80b::200e/128');
    expect(r.has('2001:db8::')).toBe(true);
    expect(r.has('2001:0db8:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(r.has('2001:db7:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(false);
    expect(r.has('2001:db9::')).toBe(false);
    expect(r.has('fe80::1')).toBe(true);
    expect(r.has('febf:ffff::')).toBe(true);
    expect(r.has('fec0::')).toBe(false);
    expect(r.has('2a00:1450:4001:80b::200e')).toBe(true);
    expect(r.has('2a00:1450:4001:80b:0:0:0:200E')).toBe(true);
    expect(r.has('2a00:1450:4001:80b::200f')).toBe(false);
    expect(r.has('::1')).toBe(false);
    expect(r.has('10.0.0.1')).toBe(false);
  });

  it('reads /0, /32 and /128, and drops host bits', () => {
    expect(set('0.0.0.0/0').has('255.255.255.255')).toBe(true);
    expect(set('0.0.0.0/0').has('2001:db8::1')).toBe(false);
    expect(set('::/0').has('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    // ::/0 spans the IPv4-mapped block, so every IPv4 address too.
    expect(set('::/0').has('192.0.2.1')).toBe(true);
    expect(set('192.0.2.1/32').has('192.0.2.1')).toBe(true);
    expect(set('192.0.2.1/32').has('192.0.2.2')).toBe(false);
    expect(set('2001:db8::1/128').has('2001:db8::1')).toBe(true);
    expect(set('2001:db8::1/128').has('2001:db8::2')).toBe(false);
    const hosts = set('10.1.2.3/8\n2001:db8:1:2::5/32');
    expect(hosts.has('10.0.0.0')).toBe(true);
    expect(hosts.has('10.255.0.1')).toBe(true);
    expect(hosts.has('2001:db8:ffff::1')).toBe(true);
  });

  it('matches IPv4-mapped addresses against IPv4 ranges, and IPv4 against mapped ranges', () => {
    const v4 = set('198.51.100.0/24');
    expect(v4.has('::ffff:198.51.100.9')).toBe(true);
    expect(v4.has('::FFFF:c633:6409')).toBe(true);
    expect(v4.has('::ffff:198.51.101.9')).toBe(false);
    const mapped = set('::ffff:203.0.113.0/120\n::ffff:192.0.2.1');
    expect(mapped.has('203.0.113.200')).toBe(true);
    expect(mapped.has('::ffff:203.0.113.200')).toBe(true);
    expect(mapped.has('203.0.114.0')).toBe(false);
    expect(mapped.has('192.0.2.1')).toBe(true);
    expect(mapped.has('192.0.2.2')).toBe(false);
    // Not mapped: IPv4-compatible and NAT64 addresses are IPv6 of their own.
    expect(v4.has('::198.51.100.9')).toBe(false);
    expect(v4.has('64:ff9b::198.51.100.9')).toBe(false);
  });

  it('reads an admin option text and a labelled list with comments', () => {
    const { ranges, errors } = IpRanges.parse(
      [
        '# Cloud provider address ranges',
        '# date: 2026-05-06',
        '',
        '3.5.140.0/22\taws',
        '34.35.0.0/16  google   # africa-south1',
        '10.0.0.0/8, 203.0.113.7',
        '  2001:db8::/32 ,192.0.2.1 office,198.51.100.1\r',
        '100.64.0.0/10\t100.127.0.0/16\tcarrier nat',
        '   # only a comment',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(ranges.size).toBe(9);
    for (const ip of ['3.5.143.255', '34.35.1.1', '10.9.9.9', '203.0.113.7', '2001:db8::5', '192.0.2.1'])
      expect(ranges.has(ip), ip).toBe(true);
    expect(ranges.has('198.51.100.1')).toBe(true);
    expect(ranges.has('100.100.0.1')).toBe(true);
    expect(ranges.has('3.5.144.0')).toBe(false);
    expect(IpRanges.parse('').ranges.size).toBe(0);
    expect(IpRanges.EMPTY.size).toBe(0);
    expect(IpRanges.EMPTY.has('1.2.3.4')).toBe(false);
  });

  it('refuses what is not an address or a range, with its line, and reads the rest', () => {
    const lines = [
      '192.0.2.1', // 1
      '256.1.1.1', // 2
      '01.2.3.4', // 3
      '1.2.3.4/33', // 4
      '2001:db8::/129', // 5
      'hello world', // 6
      '192.0.2.5\0', // 7
      '1.2.3', // 8
      '1.2.3.4.5', // 9
      '1.2.3.4/', // 10
      '1.2.3.4/08', // 11
      '1::2::3', // 12
      '12345::', // 13
      '1:2:3:4:5:6:7:8:9', // 14
      ':1::', // 15
      '::ffff:1.2.3.256', // 16
      '198.51.100.0/24, garbage', // 17
      `${'1'.repeat(200)}/8`, // 18
      '/24', // 19
      '1.2.3.4/-1', // 20
      '203.0.113.9', // 21
    ];
    const { ranges, errors } = IpRanges.parse(lines.join('\n'));
    expect(errors.map((e) => e.line)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(errors[0]).toEqual({ line: 2, text: '256.1.1.1' });
    expect(errors[15]).toEqual({ line: 17, text: 'garbage' });
    expect(errors[16].text).toHaveLength(80);
    expect(errors.find((e) => e.line === 7)?.text).not.toContain('\0');
    expect(ranges.size).toBe(3);
    expect(ranges.has('192.0.2.1')).toBe(true);
    expect(ranges.has('198.51.100.7')).toBe(true);
    expect(ranges.has('203.0.113.9')).toBe(true);
    expect(ranges.has('192.0.2.5')).toBe(false);
  });

  it('reads no more than maxLines entries', () => {
    const text = Array.from({ length: 20 }, (_, i) => `10.0.${i}.0/24`).join('\n');
    const { ranges, errors } = IpRanges.parse(text, { maxLines: 10 });
    expect(ranges.size).toBe(10);
    expect(errors).toEqual([{ line: 11, text: '(more than 10 entries)' }]);
    expect(ranges.has('10.0.9.1')).toBe(true);
    expect(ranges.has('10.0.10.1')).toBe(false);
    expect(IpRanges.parse(text, { maxLines: 20 }).errors).toEqual([]);
  });

  it('answers false for what is not an address, and fast for hostile strings', () => {
    const r = set('0.0.0.0/0\n::/0');
    const hostile = [
      '',
      ' ',
      '1.2.3.4 ',
      ' 1.2.3.4',
      '1.2.3.4/32',
      'localhost',
      '[::1]',
      'fe80::1%eth0',
      '1'.repeat(65536),
      '1.'.repeat(32768),
      ':'.repeat(65536),
      `${'1:'.repeat(32767)}1`,
      '\0'.repeat(65536),
      `::ffff:${'9'.repeat(65530)}`,
    ];
    for (const ip of hostile.map(flat)) {
      expect(r.has(ip), JSON.stringify(ip.slice(0, 20))).toBe(false);
      expect(fastestMs(() => r.has(ip))).toBeLessThan(1);
    }
    expect(r.has(undefined as unknown as string)).toBe(false);
  });

  it('agrees with node:net BlockList on random ranges', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 ** 32;
    const v4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const v6 = () =>
      Array.from({ length: 8 }, (_, i) =>
        (i < 2 ? 0x2001 + (random() % 3) : random() % 65536).toString(16),
      ).join(':');
    const list = new net.BlockList();
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const bits = 8 + (random() % 25);
      const address = v4(random() >>> 0);
      list.addSubnet(address, bits, 'ipv4');
      lines.push(`${address}/${bits}`);
      const bits6 = 16 + (random() % 113);
      const address6 = v6();
      list.addSubnet(address6, bits6, 'ipv6');
      lines.push(`${address6}/${bits6}`);
    }
    const r = set(lines.join('\n'));
    for (let i = 0; i < 20_000; i++) {
      const a = v4(random() >>> 0);
      expect(r.has(a), a).toBe(list.check(a, 'ipv4'));
      const b = v6();
      expect(r.has(b), b).toBe(list.check(b, 'ipv6'));
    }
  });
});

describe('the shipped cloud provider list', () => {
  const text = fs.readFileSync(DATACENTER_LIST_FILE, 'utf8');
  const { ranges, errors } = IpRanges.parse(text);

  it('reads whole, with its date', () => {
    expect(errors).toEqual([]);
    expect(ranges.size).toBeGreaterThan(5000);
    expect(datedListDate(text)).toMatch(/^20\d\d-\d\d-\d\d$/);
  });

  it('holds the providers’ addresses and not people’s or public resolvers', () => {
    // AWS ap-northeast-2 (3.5.140.0/22), Google Cloud africa-south1 (34.35.0.0/16), Azure (20.42.0.0/17),
    // Oracle us-ashburn-1 (129.80.0.0/16), DigitalOcean (5.101.96.0/21), Linode (2600:3c00::/32).
    for (const ip of ['3.5.140.1', '34.35.0.1', '20.42.0.1', '129.80.0.1', '5.101.96.1', '2600:3c00::1'])
      expect(ranges.has(ip), ip).toBe(true);
    expect(ranges.has('::ffff:3.5.140.1')).toBe(true);
    for (const ip of ['8.8.8.8', '8.8.4.4', '1.1.1.1', '9.9.9.9', '208.67.222.222', '2001:4860:4860::8888'])
      expect(ranges.has(ip), ip).toBe(false);
    for (const ip of ['192.168.1.1', '10.0.0.1', '127.0.0.1', '::1']) expect(ranges.has(ip), ip).toBe(false);
  });

  it('answers a lookup in well under a microsecond', () => {
    const ips = Array.from({ length: 200_000 }, () =>
      [0, 0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.'),
    );
    let hits = 0;
    for (const ip of ips.slice(0, 10_000)) if (ranges.has(ip)) hits++; // warm up
    hits = 0;
    const ms = time(() => {
      for (const ip of ips) if (ranges.has(ip)) hits++;
    });
    const us = (1000 * ms) / ips.length;
    console.log(
      `datacenter list: ${ranges.size} ranges, ${us.toFixed(3)} µs a lookup over ${ips.length} random IPv4 (${hits} in it)`,
    );
    expect(us).toBeLessThan(5);
  });
});

describe('datedListDate', () => {
  it('reads `# date:` from the first 20 lines only, and only a real date', () => {
    expect(datedListDate('# list\n# date: 2026-05-06\n1.2.3.4\n')).toBe('2026-05-06');
    expect(datedListDate('#date:2026-05-06  \r')).toBe('2026-05-06');
    expect(datedListDate(`${'# x\n'.repeat(20)}# date: 2026-05-06\n`)).toBeNull();
    expect(datedListDate('# date: 2026-02-30')).toBeNull();
    expect(datedListDate('# date: 2026-5-6')).toBeNull();
    expect(datedListDate('1.2.3.4 # date: 2026-05-06')).toBeNull();
    expect(datedListDate('')).toBeNull();
  });
});
