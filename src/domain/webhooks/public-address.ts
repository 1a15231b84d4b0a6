// Which IP addresses a webhook may reach: public unicast only. The ranges come from ipaddr.js's
// classification (loopback, private, link-local with the cloud metadata endpoints, carrier-grade NAT,
// multicast, reserved, and the IPv6 transition forms that can embed any IPv4 address: mapped,
// translated, NAT64, 6to4, Teredo): a hand-kept list missed ::ffff:0:0:0/96 once.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The IPv4-compatible form (::a.b.c.d, deprecated by RFC 4291) that ipaddr.js calls unicast: its first 96 bits are 0. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

/** True for an address a webhook may be delivered to. Anything that is not an IP address is false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // node's parser first: ipaddr.js also reads forms like "2130706433" or "0x7f.1" that no URL or DNS answer gives here.
  const family = isIP(bare);
  if (family === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    if (isIpv4Compatible(v6)) return false;
  }
  return parsed.range() === 'unicast';
}
