/**
 * Where the server may send a request on behalf of someone who is not an administrator (a
 * self-registered app's back-channel logout URI): only to public internet addresses. A name is
 * resolved and every address it has is checked — at registration, and again at delivery, where
 * the connection goes to the very address that was checked (a name that resolved to a public
 * address at registration and to 127.0.0.1 later, DNS rebinding, is refused then).
 *
 * Refused: loopback (127/8, ::1), "this network" (0/8, ::), private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), shared (100.64/10), link-local (169.254/16, fe80::/10), benchmarking
 * (198.18/15), IETF protocol assignments (192.0.0/24), multicast and reserved, and IPv4 addresses written as IPv6
 * (`::ffff:127.0.0.1`, NAT64 `64:ff9b::`), plus `localhost` and `*.localhost` names.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Every address a name has (the server's resolver; tests give their own). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolveHost: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const notPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["100::", 64],
] as const) {
  notPublic.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const tail = /^(?:::ffff:|64:ff9b::)(.+)$/.exec(lower)?.[1];
  if (!tail) return undefined;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** A literal IP address the server may send to on a stranger's behalf. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return !notPublic.check(bare, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIPv4(bare);
  if (inner) return isPublicAddress(inner);
  return !notPublic.check(bare, "ipv6");
}

function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * Whether a host (a name or an IP literal, as `URL.hostname` gives it) is public. A name that
 * does not resolve is answered `unresolved`: nothing says where it points yet, and delivery
 * checks again.
 */
export async function hostIsPublic(hostname: string, resolve: ResolveHost): Promise<"public" | "not-public" | "unresolved"> {
  if (isLocalName(hostname)) return "not-public";
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return isPublicAddress(bare) ? "public" : "not-public";
  let addresses: string[];
  try {
    addresses = await resolve(bare);
  } catch {
    return "unresolved";
  }
  if (addresses.length === 0) return "unresolved";
  return addresses.every(isPublicAddress) ? "public" : "not-public";
}

export class NotPublicAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} does not resolve to a public address`);
  }
}

/**
 * A `lookup` for outbound connections that resolves through `resolve` and refuses a name with
 * any non-public address; the socket then connects to the address checked here.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const check = async () => {
      if (isLocalName(hostname)) throw new NotPublicAddressError(hostname);
      const addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
      if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new NotPublicAddressError(hostname);
      return addresses;
    };
    check().then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) (callback as unknown as (err: null, all: typeof entries) => void)(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}
