// Sets of addresses and CIDR ranges (issue 35): the `Internal traffic addresses` an admin types, and the
// cloud providers' ranges shipped in datacenter-ranges.txt for the DATACENTER reason.
//
// has() runs in the redirect before its answer, for every click, on lists of tens of thousands of ranges:
// the ranges are merged into sorted intervals held in typed arrays and found by binary search, and the
// address is read by hand into a reused buffer, so a lookup allocates nothing and costs about 0.2 µs. An
// address longer than any written address is refused unread, so a hostile one costs no more than that.
//
// A client may come as `::ffff:1.2.3.4` on a dual-stack socket, so IPv4-mapped addresses and ranges are
// kept as IPv4: either spelling of an address matches either spelling of a range.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shipped list of cloud provider ranges (scripts/make-datacenter-ranges.ts made it). The server runs
 * from its sources (tsx) and the tests' build keeps each file's own import.meta.url, so the list is read
 * where it lies beside this file.
 */
export const DATACENTER_LIST_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'datacenter-ranges.txt',
);

export interface IpRangesError {
  /** 1-based. */
  line: number;
  /** The entry as written, clipped; or what went wrong, in brackets. */
  text: string;
}

/** "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255": nothing longer is an address. */
const LONGEST_ADDRESS = 45;
const CLIP = 80;
const DATE_LINES = 20;

const V4 = 4;
const V6 = 6;
const INVALID = 0;

// The reused buffers: an address as four 32-bit words (IPv4 in the first), and IPv6's eight groups.
const WORDS = new Uint32Array(4);
const GROUPS = new Uint16Array(8);

/** A dotted quad in s[from, to) as a number, or -1. Leading zeros are refused: some read them as octal. */
function readV4(s: string, from: number, to: number): number {
  let value = 0;
  let i = from;
  for (let octet = 0; ; octet++) {
    if (i >= to) return -1;
    let n = s.charCodeAt(i++) - 48;
    if (n < 0 || n > 9) return -1;
    while (i < to) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      if (n === 0) return -1;
      n = n * 10 + d;
      if (n > 255) return -1;
      i++;
    }
    value = value * 256 + n;
    if (octet === 3) return i === to ? value : -1;
    if (i >= to || s.charCodeAt(i) !== 46 /* . */) return -1;
    i++;
  }
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  c |= 32; // lower case
  return c >= 97 && c <= 102 ? c - 87 : -1;
}

/** An IPv6 address in s[from, to) into WORDS; false if it is not one. */
function readV6(s: string, from: number, to: number): boolean {
  let n = 0;
  let gap = -1;
  let i = from;
  if (s.charCodeAt(i) === 58 /* : */) {
    if (s.charCodeAt(i + 1) !== 58) return false;
    gap = 0;
    i += 2;
  }
  while (i < to) {
    if (n === 8) return false;
    const start = i;
    let group = 0;
    for (let h = 0; i < to && i - start < 5 && (h = hexDigit(s.charCodeAt(i))) >= 0; i++)
      group = group * 16 + h;
    if (i === start || i - start > 4) return false;
    if (i < to && s.charCodeAt(i) === 46 /* . */) {
      const v4 = n <= 6 ? readV4(s, start, to) : -1;
      if (v4 < 0) return false;
      GROUPS[n++] = v4 >>> 16;
      GROUPS[n++] = v4 & 0xffff;
      break;
    }
    GROUPS[n++] = group;
    if (i === to) break;
    if (s.charCodeAt(i++) !== 58) return false;
    if (s.charCodeAt(i) === 58) {
      if (gap >= 0) return false;
      gap = n;
      i++;
    } else if (i === to) return false;
  }
  if (gap < 0 ? n !== 8 : n > 7) return false;
  if (gap >= 0) {
    const tail = n - gap;
    for (let k = 1; k <= tail; k++) GROUPS[8 - k] = GROUPS[n - k];
    for (let k = gap; k < 8 - tail; k++) GROUPS[k] = 0;
  }
  for (let k = 0; k < 4; k++) WORDS[k] = GROUPS[2 * k] * 0x10000 + GROUPS[2 * k + 1];
  return true;
}

const isMapped = (w: Uint32Array) => w[0] === 0 && w[1] === 0 && w[2] === 0xffff;

/** The address in s[from, to) into WORDS: V4 (an IPv4-mapped one too, in WORDS[0]), V6 or INVALID. */
function readAddress(s: string, from: number, to: number): number {
  // Most clients are IPv4: try that first (an IPv6 address fails it within its first group).
  const v4 = readV4(s, from, to);
  if (v4 >= 0) {
    WORDS[0] = v4;
    return V4;
  }
  if (!readV6(s, from, to)) return INVALID;
  if (!isMapped(WORDS)) return V6;
  WORDS[0] = WORDS[3];
  return V4;
}

/** The top `bits` bits of a 32-bit word. */
const maskOf = (bits: number) =>
  bits <= 0 ? 0 : bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;

/** a - b over the four words at a[ai] and b[bi], as a sign. */
function compare(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  for (let k = 0; k < 4; k++) if (a[ai + k] !== b[bi + k]) return a[ai + k] < b[bi + k] ? -1 : 1;
  return 0;
}

/** Whether the range starting at `start` touches or overlaps one ending at `end` (four words each). */
function reaches(end: ArrayLike<number>, ei: number, start: ArrayLike<number>, si: number): boolean {
  if (compare(start, si, end, ei) <= 0) return true;
  // start is above end: they touch when start is end + 1, i.e. equal up to a word that is one more,
  // with only zeros in start and only ones in end after it.
  for (let k = 0; k < 4; k++) {
    if (start[si + k] === end[ei + k]) continue;
    if (start[si + k] !== end[ei + k] + 1) return false;
    for (let j = k + 1; j < 4; j++) if (start[si + j] !== 0 || end[ei + j] !== 0xffffffff) return false;
    return true;
  }
  return false;
}

/**
 * The ranges read, merged at the end into sorted intervals: IPv4 as [start, end] pairs, IPv6 as eight
 * words (start, end) each.
 */
class Intervals {
  readonly starts4: number[] = [];
  readonly ends4: number[] = [];
  readonly v6: number[] = [];

  addV4(start: number, end: number) {
    this.starts4.push(start);
    this.ends4.push(end);
  }

  /** Adds the range WORDS/bits. */
  addV6(bits: number) {
    const v6 = this.v6;
    const from = v6.length;
    for (let k = 0; k < 4; k++) v6.push((WORDS[k] & maskOf(bits - 32 * k)) >>> 0);
    for (let k = 0; k < 4; k++) v6.push((v6[from + k] | ~maskOf(bits - 32 * k)) >>> 0);
    // The IPv4-mapped block ::ffff:0:0/96, or a range that holds it, goes to IPv4 (mapped addresses are
    // looked up there).
    if (v6[from] !== 0 || v6[from + 1] !== 0 || v6[from + 2] > 0xffff) return;
    if (bits >= 96 && v6[from + 2] === 0xffff) {
      this.addV4(v6[from + 3], v6[from + 7]);
      v6.length = from;
    } else if (bits <= 96 && (v6[from + 4] > 0 || v6[from + 5] > 0 || v6[from + 6] >= 0xffff)) {
      this.addV4(0, 0xffffffff);
    }
  }

  build(): { v4: Uint32Array; v6: Uint32Array } {
    // A union of intervals depends only on their starts and ends, so the two sort apart (and natively).
    const starts = Float64Array.from(this.starts4).sort();
    const ends = Float64Array.from(this.ends4).sort();
    const merged4: number[] = [];
    for (let i = 0; i < starts.length; i++) {
      if (i > 0 && starts[i] <= merged4[merged4.length - 1] + 1) merged4[merged4.length - 1] = ends[i];
      else merged4.push(starts[i], ends[i]);
    }
    const v6 = this.v6;
    const order6 = Array.from({ length: v6.length / 8 }, (_, i) => 8 * i).sort((a, b) =>
      compare(v6, a, v6, b),
    );
    const merged6: number[] = [];
    for (const i of order6) {
      const end = merged6.length - 4;
      if (end > 0 && reaches(merged6, end, v6, i)) {
        if (compare(v6, i + 4, merged6, end) > 0)
          for (let k = 0; k < 4; k++) merged6[end + k] = v6[i + 4 + k];
      } else for (let k = 0; k < 8; k++) merged6.push(v6[i + k]);
    }
    return { v4: Uint32Array.from(merged4), v6: Uint32Array.from(merged6) };
  }
}

const clip = (text: string) => text.slice(0, CLIP).replaceAll('\0', '\ufffd');

/** What /\s/ matches. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

const HASH = 35;
const COMMA = 44;

export class IpRanges {
  static readonly EMPTY = new IpRanges(new Uint32Array(0), new Uint32Array(0), 0);

  private constructor(
    /** Merged [start, end] pairs, by start. */
    private readonly v4: Uint32Array,
    /** Merged intervals of eight words (start, end), by start. */
    private readonly v6: Uint32Array,
    /** The entries read. */
    readonly size: number,
  ) {}

  /**
   * The addresses and ranges of `text`: one or more to a line, separated by commas or spaces, each an
   * address or CIDR range (host bits set are dropped: `10.1.2.3/8` is 10.0.0.0/8). An entry may carry a
   * label after a tab or a space (`3.5.140.0/22\taws`): a word that does not start like an address (a
   * digit, or a colon in it), up to the next comma. `#` starts a comment. An entry that is not one is an
   * error of its line and is left out; so is each entry past `maxLines`, with one error saying so.
   */
  static parse(
    text: string,
    opts: { maxLines?: number } = {},
  ): { ranges: IpRanges; errors: IpRangesError[] } {
    const max = opts.maxLines ?? 500_000;
    const intervals = new Intervals();
    const errors: IpRangesError[] = [];
    let entries = 0;
    let read = 0;
    let line = 0;
    // Read in place, without a string per line or entry: the shipped list is tens of thousands of lines,
    // parsed on the server's first reload.
    let nul = text.indexOf('\0');
    for (let pos = 0; pos <= text.length && entries <= max;) {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      const from = pos;
      pos = end + 1;
      line++;
      if (nul >= 0 && nul < end) {
        entries++;
        errors.push({ line, text: clip(text.slice(from, end)) });
        nul = text.indexOf('\0', end);
        continue;
      }
      let first = true; // of the entries between two commas
      for (let i = from; i < end && entries <= max;) {
        const c = text.charCodeAt(i);
        if (c === HASH) break;
        if (c === COMMA || isSpace(c)) {
          if (c === COMMA) first = true;
          i++;
          continue;
        }
        let j = i;
        let colon = false;
        for (let d; j < end && (d = text.charCodeAt(j)) !== HASH && d !== COMMA && !isSpace(d); j++)
          if (d === 58) colon = true;
        if (!first && !colon && !(c >= 48 && c <= 57)) {
          while (j < end && text.charCodeAt(j) !== COMMA && text.charCodeAt(j) !== HASH) j++; // the label
        } else if (++entries > max) {
          errors.push({ line, text: `(more than ${max} entries)` });
        } else if (addEntry(intervals, text, i, j)) {
          read++;
        } else {
          errors.push({ line, text: clip(text.slice(i, j)) });
        }
        first = false;
        i = j;
      }
    }
    const { v4, v6 } = intervals.build();
    return { ranges: new IpRanges(v4, v6, read), errors };
  }

  /** Whether `ip` is in the set; false for anything that is not an address. */
  has(ip: string): boolean {
    // Most installs keep no internal addresses: then no click's address is read at all.
    if (this.v4.length === 0 && this.v6.length === 0) return false;
    if (typeof ip !== 'string' || ip.length > LONGEST_ADDRESS) return false;
    const kind = readAddress(ip, 0, ip.length);
    if (kind === V4) {
      const v4 = this.v4;
      const address = WORDS[0];
      let lo = 0;
      let hi = v4.length / 2 - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (v4[2 * mid] <= address) lo = mid + 1;
        else hi = mid - 1;
      }
      return hi >= 0 && address <= v4[2 * hi + 1];
    }
    if (kind === V6) {
      const v6 = this.v6;
      let lo = 0;
      let hi = v6.length / 8 - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(v6, 8 * mid, WORDS, 0) <= 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return hi >= 0 && compare(WORDS, 0, v6, 8 * hi + 4) <= 0;
    }
    return false;
  }
}

/** Adds the entry s[from, to): `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or `x::/n`; false if it is none. */
function addEntry(intervals: Intervals, s: string, from: number, to: number): boolean {
  let slash = from;
  let written6 = false; // written as IPv6: its prefix counts 128 bits, mapped or not
  for (; slash < to && s.charCodeAt(slash) !== 47 /* / */; slash++)
    if (s.charCodeAt(slash) === 58) written6 = true;
  if (slash - from > LONGEST_ADDRESS) return false;
  const kind = readAddress(s, from, slash);
  if (kind === INVALID) return false;
  let bits = written6 ? 128 : 32;
  if (slash < to) {
    // 0 to 128, without leading zeros.
    if (to - slash < 2 || to - slash > 4 || (s.charCodeAt(slash + 1) === 48 && to - slash > 2)) return false;
    let prefix = 0;
    for (let i = slash + 1; i < to; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return false;
      prefix = prefix * 10 + d;
    }
    if (prefix > bits) return false;
    bits = prefix;
  }
  if (kind === V4 && (!written6 || bits >= 96)) {
    const v4bits = written6 ? bits - 96 : bits;
    const start = (WORDS[0] & maskOf(v4bits)) >>> 0;
    intervals.addV4(start, (start | ~maskOf(v4bits)) >>> 0);
    return true;
  }
  // An IPv6 range wider than a /96 written in the mapped block: read it as the IPv6 it spans.
  if (kind === V4) {
    WORDS[3] = WORDS[0];
    WORDS[2] = 0xffff;
    WORDS[1] = WORDS[0] = 0;
  }
  intervals.addV6(bits);
  return true;
}

/** The `# date: YYYY-MM-DD` of a dated list, from its first lines; null when it has none. */
export function datedListDate(text: string): string | null {
  let pos = 0;
  for (let n = 0; n < DATE_LINES && pos < text.length; n++) {
    let next = text.indexOf('\n', pos);
    if (next < 0) next = text.length;
    const date = /^#\s*date:\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(text.slice(pos, Math.min(next, pos + 100)))?.[1];
    const time = date ? Date.parse(`${date}T00:00:00Z`) : NaN;
    if (date && !Number.isNaN(time) && new Date(time).toISOString().startsWith(date)) return date;
    pos = next + 1;
  }
  return null;
}
