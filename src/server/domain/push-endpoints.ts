import { BlockList, isIP } from 'node:net';

// A push subscription's endpoint is an address a member hands the server, which the server then sends
// requests to: without care, a way to make it call its own network (SSRF). Only https addresses on the
// public internet are accepted, checked when subscribing and again, address by address, when connecting
// (push/send.ts), so a name that later resolves to a private address is refused too. REALM_PUSH_PRIVATE_ENDPOINTS
// =allow lifts both rules, for tests and closed networks (docs/security.md).

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address); // an IPv4 address written as IPv6
  if (mapped) return notPublic.check(mapped[1]!, 'ipv4');
  return notPublic.check(address, 'ipv6');
}

export const endpointRefusals = {
  notHttps: 'Notifications can only go through a push service at an https address.',
  notPublic: 'Notifications cannot go through a push service at a private or local address.',
} as const;

/** Why this endpoint is refused, or null when it may be used. */
export function endpointRefusal(endpoint: string, allowPrivate: boolean): string | null {
  const url = new URL(endpoint);
  if (allowPrivate)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : endpointRefusals.notHttps;
  if (url.protocol !== 'https:') return endpointRefusals.notHttps;
  if (url.username || url.password) return endpointRefusals.notPublic;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) !== 0) return isPrivateAddress(host) ? endpointRefusals.notPublic : null;
  // Names that always mean this machine or its local network, whatever DNS says.
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.')) {
    return endpointRefusals.notPublic;
  }
  return null;
}
