import { BlockList, isIPv6, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** Addresses and CIDR ranges (REALM_TRUST_PROXY's form) as a set to test addresses against. */
export function addressSet(entries: string[]): BlockList {
  const set = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) set.addAddress(address, type);
    else set.addSubnet(address, Number(prefix), type);
  }
  return set;
}

const refusal =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: 0\r\n\r\n';

/**
 * At most `max` open connections per client address: one client holding hundreds of idle or slow
 * connections would use up the server's sockets. A connection over the cap is answered 429 and closed. Trusted
 * proxies carry many clients on their connections and are not capped.
 */
export function capConnectionsPerAddress(server: Server, max: number, trusted: BlockList) {
  const open = new Map<string, number>();
  // First in line, before the HTTP parser takes the socket.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted.check(address, isIPv6(address) ? 'ipv6' : 'ipv4')) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.write(refusal, () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
