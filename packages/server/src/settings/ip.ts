// IP addresses as the black list stores them: the form Node reports a client address in, so a
// listed address matches the click path's and the login's exact comparison.
import { isIP } from 'node:net';

const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;
/** The black list's column width; only a long zone (fe80::1%...) could pass it. */
const IP_MAX = 64;

/**
 * The canonical text of an IPv4 or IPv6 address, or null for anything else. IPv6 is lower-cased and
 * compressed (2001:DB8::0001 -> 2001:db8::1) with an IPv4-mapped tail kept dotted (::ffff:1.2.3.4),
 * as the operating system writes it; an address with a zone (fe80::1%eth0) is only lower-cased.
 */
export function canonicalIp(text: string): string | null {
  if (text.length > IP_MAX) return null;
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]`).hostname.slice(1, -1);
  } catch {
    return text.toLowerCase();
  }
  const mapped = MAPPED_HEX.exec(host);
  if (!mapped) return host;
  const [hi, lo] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return `::ffff:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}
