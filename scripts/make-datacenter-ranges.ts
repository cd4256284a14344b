// Makes packages/server/src/tracking/datacenter-ranges.txt, the cloud providers' ranges of the DATACENTER
// reason of invalid traffic (tracking/ip-ranges.ts reads it), from the files the providers publish:
//
//   npx tsx scripts/make-datacenter-ranges.ts --date 2026-08-22 \
//     --aws ip-ranges.json --aws-source "https://ip-ranges.amazonaws.com/ip-ranges.json, taken ..." \
//     --google cloud.json --azure ServiceTags_Public_20260427.json --oracle public_ip_ranges.json \
//     --digitalocean google.csv --linode geofeed.csv --vultr geofeed.txt \
//     --out packages/server/src/tracking/datacenter-ranges.txt
//
// Each provider's file is read in its own format (a .gz one too), or as a plain list of ranges, one to a
// line, for a copy that kept only them; a flag may be given more than once. `--<provider>-source` says
// where the file came from, for the list's header (tracking/datacenter-ranges.README.md lists them).
// A provider's overlapping and adjacent ranges are merged, so the list holds no more lines than it needs.
//
//   aws           ip-ranges.json: every prefix, IPv4 and IPv6 (all of Amazon's services are machines).
//   google        cloud.json: Google Cloud's customer ranges (not goog.json, which holds Google's own
//                 services, its people-facing proxies among them).
//   azure         Service Tags (Public): the AzureCloud tag, which spans every region's ranges.
//   oracle        public_ip_ranges.json: every region's cidrs.
//   digitalocean, linode, vultr
//                 their geofeeds (RFC 8805 CSV): the first column.
import fs from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { IpRanges } from '../packages/server/src/tracking/ip-ranges';

type Json = Record<string, unknown>;
interface Provider {
  /** The ranges of the provider's own format, and the date it gives, when it gives one. */
  read(data: Json): { ranges: string[]; date?: string };
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : undefined);

const geofeed = (name: string): Provider => ({
  read: () => {
    throw new Error(`${name}: give its geofeed CSV, or a list of its ranges`);
  },
});

const PROVIDERS: Record<string, Provider> = {
  aws: {
    read: (d) => ({
      ranges: [
        ...list(d.prefixes).map((p) => String(p.ip_prefix)),
        ...list(d.ipv6_prefixes).map((p) => String(p.ipv6_prefix)),
      ],
      // "2026-05-06-02-57-06"
      date: day(d.createDate),
    }),
  },
  google: {
    read: (d) => ({
      ranges: list(d.prefixes).map((p) => String(p.ipv4Prefix ?? p.ipv6Prefix)),
      date: day(d.creationTime),
    }),
  },
  azure: {
    read: (d) => {
      const cloud = list(d.values).find((v) => v.name === 'AzureCloud');
      if (!cloud) throw new Error('azure: no AzureCloud service tag in the file');
      return { ranges: list((cloud.properties as Json).addressPrefixes).map(String) };
    },
  },
  oracle: {
    read: (d) => ({
      ranges: list(d.regions).flatMap((r) => list(r.cidrs).map((c) => String(c.cidr))),
      date: day(d.last_updated_timestamp),
    }),
  },
  digitalocean: geofeed('digitalocean'),
  linode: geofeed('linode'),
  vultr: geofeed('vultr'),
};

function usage(message: string): never {
  console.error(
    `${message}\nusage: tsx scripts/make-datacenter-ranges.ts --date YYYY-MM-DD --out FILE ` +
      `[--<provider> FILE [--<provider>-source TEXT]]...\nproviders: ${Object.keys(PROVIDERS).join(', ')}`,
  );
  process.exit(2);
}

const options = Object.fromEntries(
  Object.keys(PROVIDERS).flatMap((p) => [
    [p, { type: 'string', multiple: true }],
    [`${p}-source`, { type: 'string', multiple: true }],
  ]),
) as Record<string, { type: 'string'; multiple: true }>;
const { values } = parseArgs({
  options: { ...options, out: { type: 'string' }, date: { type: 'string' }, 'left-out': { type: 'string' } },
});
const args = values as Record<string, string[] | string | undefined>;
const date = args.date as string | undefined;
const out = args.out as string | undefined;
if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) usage('--date YYYY-MM-DD is required');
if (!out) usage('--out FILE is required');

/** A file's ranges: the provider's JSON, or lines whose first column (before a comma) is a range. */
function readFile(provider: string, file: string): { ranges: string[]; date?: string } {
  let bytes = fs.readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  const text = bytes.toString('utf8');
  if (text.trimStart().startsWith('{')) return PROVIDERS[provider].read(JSON.parse(text) as Json);
  // A geofeed's "# Last modified: 2025-07-24 10:00:06" (Linode's).
  const modified = /^#\s*last modified:\s*(\d{4}-\d{2}-\d{2})/im.exec(text)?.[1];
  const ranges = text
    .split('\n')
    .map((l) => l.split(',')[0].trim())
    .filter((l) => l && !l.startsWith('#'));
  return { ranges, date: modified };
}

// Ranges as [start, end] BigInt intervals, to merge them and write them back as the fewest CIDRs.
type Interval = [bigint, bigint];

function toBigInt(address: string): bigint {
  if (net.isIPv4(address)) return address.split('.').reduce((n, o) => (n << 8n) | BigInt(o), 0n);
  const [head, tail] = address.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return all.reduce((n, g) => (n << 16n) | BigInt(`0x${g}`), 0n);
}

/** A CIDR as an interval and its family, or null when it is not one. */
function intervalOf(cidr: string): { v6: boolean; interval: Interval } | null {
  const [address, prefix, extra] = cidr.split('/');
  const family = net.isIP(address);
  const width = family === 6 ? 128 : 32;
  const bits = prefix === undefined ? width : Number(prefix);
  // Embedded dotted quads (::ffff:1.2.3.4) are left out: no provider writes them.
  if (!family || extra !== undefined || address.includes('.') !== (family === 4)) return null;
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return null;
  const host = (1n << BigInt(width - bits)) - 1n;
  const start = toBigInt(address) & ~host;
  return { v6: family === 6, interval: [start, start | host] };
}

function merge(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const merged: Interval[] = [];
  for (const [start, end] of intervals) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1] + 1n) {
      if (end > last[1]) last[1] = end;
    } else merged.push([start, end]);
  }
  return merged;
}

function format(n: bigint, v6: boolean): string {
  if (!v6) return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  // RFC 5952: the longest run of two or more zero groups, the first of equals, becomes "::".
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLength).join(':')}`;
}

/** The fewest CIDRs that cover [start, end] exactly. */
function cidrsOf([start, end]: Interval, v6: boolean): string[] {
  const width = v6 ? 128 : 32;
  const cidrs: string[] = [];
  for (let at = start; at <= end;) {
    let size = 0;
    while (
      size < width &&
      (at & ((1n << BigInt(size + 1)) - 1n)) === 0n &&
      at + (1n << BigInt(size + 1)) - 1n <= end
    )
      size++;
    cidrs.push(`${format(at, v6)}/${width - size}`);
    at += 1n << BigInt(size);
  }
  return cidrs;
}

const lines: string[] = [];
const sources: string[] = [];
const counts: string[] = [];
for (const provider of Object.keys(PROVIDERS)) {
  const files = (args[provider] as string[] | undefined) ?? [];
  if (!files.length) continue;
  const given = (args[`${provider}-source`] as string[] | undefined) ?? files;
  const v4: Interval[] = [];
  const v6: Interval[] = [];
  const dates = new Set<string>();
  let read = 0;
  for (const file of files) {
    const { ranges, date: own } = readFile(provider, file);
    if (own) dates.add(own);
    for (const range of ranges) {
      const r = intervalOf(range);
      if (!r) throw new Error(`${provider}: ${file}: "${range.slice(0, 80)}" is not a range`);
      (r.v6 ? v6 : v4).push(r.interval);
      read++;
    }
  }
  if (!read) throw new Error(`${provider}: no ranges in ${files.join(', ')}`);
  const written = [
    ...merge(v4).flatMap((i) => cidrsOf(i, false)),
    ...merge(v6).flatMap((i) => cidrsOf(i, true)),
  ];
  lines.push(...written.map((cidr) => `${cidr}\t${provider}`));
  const own = dates.size ? ` (the file's own date: ${[...dates].sort().join(', ')})` : '';
  sources.push(`#   ${provider}: ${given.join('; ')}${own}`);
  counts.push(`${provider} ${read} read, ${written.length} written`);
}
if (!lines.length) usage('no provider file given');

const header = [
  '# Cloud provider address ranges, for the DATACENTER reason of invalid traffic.',
  `# date: ${date}`,
  '# made by scripts/make-datacenter-ranges.ts from:',
  ...sources,
  ...(args['left-out'] ? [`# left out: ${args['left-out'] as string}`] : []),
  '# One range a line, then a tab and its provider. See datacenter-ranges.README.md.',
];
const text = `${[...header, ...lines].join('\n')}\n`;
const check = IpRanges.parse(text);
if (check.errors.length) throw new Error(`the list does not read back: ${JSON.stringify(check.errors[0])}`);
fs.writeFileSync(out as string, text);
console.log(`${out}: ${lines.length} ranges, ${text.length} bytes (${counts.join('; ')})`);
