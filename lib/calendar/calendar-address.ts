import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * The networks a calendar address may not reach unless CALDAV_ALLOW_PRIVATE_NETWORK says so: a
 * studio member types the address, and the service would otherwise fetch from its own network
 * (the cloud's metadata service, the database) on their behalf.
 */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** Why an address cannot be a calendar's, or null when it can. */
export async function calendarAddressProblem(url: string, allowPrivateNetwork: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must start with https://';
  if (parsed.username || parsed.password) return 'must not hold a user name or password (give them apart)';
  if (allowPrivateNetwork) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return `names a host that does not resolve (${host})`;
  }
  const inside = addresses.find((a) => PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
  return inside ? `reaches a private network (${inside.address}), which this service does not call` : null;
}
