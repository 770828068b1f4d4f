import ipaddr from 'ipaddr.js';

/**
 * The address a client is counted by in every limit: an IPv4 address as it is, an IPv6 address by
 * its /64. A phone or a home holds a whole /64 and picks new addresses in it at will (privacy
 * extensions), so counting single IPv6 addresses would give one client endless fresh counts.
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the
 * IPv4 address. Anything unparsable is counted as it is written.
 */
export function countedAddress(ip: string): string {
  // Every limited request asks, and a venue's requests come from one address: parsed once.
  const known = recent.get(ip);
  if (known !== undefined) return known;
  const counted = parsedAddress(ip);
  if (recent.size >= RECENT_KEPT) recent.clear();
  recent.set(ip, counted);
  return counted;
}

/** Addresses already parsed; emptied when full (a flood of new ones costs a parse each, as before). */
const recent = new Map<string, string>();
const RECENT_KEPT = 10_000;

function parsedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}
