// Which addresses a delivery may connect to: never loopback, private, shared, multicast or reserved
// ranges, unless the superadmin's option allows private addresses; never link-local (the cloud metadata
// address 169.254.169.254 among them), whatever the option: no receiver of a private network lives
// there. Checked on the address the name resolved to, at connect time, so a name cannot pass the check
// and then be rebound to one of them.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['ff00::', 8],
] as const;

const privateRanges = new BlockList();
for (const [net, prefix] of V4) privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) privateRanges.addSubnet(net, prefix, 'ipv6');
// Link-local, and the metadata services clouds put elsewhere (AWS's IPv6 one, Alibaba's).
const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addAddress('100.100.100.200', 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');
linkLocal.addAddress('fd00:ec2::254', 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`): checked as the IPv4 address it is. */
const mappedV4 = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];

/** True when a delivery may not connect to `ip` (refused ranges, or not an address at all). */
export function isRefusedAddress(ip: string, allowPrivate = false): boolean {
  const v4 = isIPv4(ip) ? ip : mappedV4(ip);
  const [addr, family] = v4 ? [v4, 'ipv4' as const] : isIPv6(ip) ? [ip, 'ipv6' as const] : [null, null];
  if (!addr) return true;
  return linkLocal.check(addr, family) || (!allowPrivate && privateRanges.check(addr, family));
}
