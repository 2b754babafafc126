/**
 * What a sign-up throttle counts a client by. An IPv4 client is one address (an IPv4-mapped IPv6
 * address, ::ffff:a.b.c.d, is that IPv4 address). An IPv6 client is its address and also its /64:
 * providers hand a home or a server a whole /64, so counting single IPv6 addresses would let one
 * host take 2^64 fresh allowances.
 */
import ipaddr from "ipaddr.js";

export interface ClientAddress {
  /** The address itself, normalized (IPv6 in its short form). */
  ip: string;
  /** IPv6 only: the /64 the address belongs to, as "2001:db8:1:2::/64". */
  prefix64?: string;
}

export function clientAddress(raw: string): ClientAddress {
  if (!ipaddr.isValid(raw)) return { ip: raw }; // not an address (a test's or a socket's oddity): counted as given
  let address = ipaddr.parse(raw);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === "ipv4") return { ip: address.toString() };
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return { ip: address.toString(), prefix64: `${new ipaddr.IPv6(parts).toString()}/64` };
}
