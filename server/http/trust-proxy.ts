/**
 * Which peers may name the client in X-Forwarded-For (docs/security.md, "Behind a reverse
 * proxy"). The client IP keys the rate limits and is recorded on sessions and audit events, so
 * trusting every hop would let a client write its own left-most entry and buy a fresh rate-limit
 * budget per request. The setting is therefore one of:
 *   false / 0           X-Forwarded-For is ignored (the default);
 *   a hop count n       the n proxies nearest the server are trusted: with 1, the right-most entry
 *                       (written by your proxy) is the client;
 *   addresses / CIDRs   only peers in the list are trusted, hop by hop (proxy-addr's rule).
 * `true` (the old boolean) is read as 1 hop and warned about: trusting every hop is never right.
 */
import { isIP } from "node:net";
import { z } from "zod";

/** proxy-addr's named ranges, accepted beside addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, an address/prefix, or a named range — what Fastify's trustProxy list accepts. */
export function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySetting = z.union([
  z.boolean(),
  z.number().int().min(0).max(32),
  z
    .array(z.string().trim().refine(isProxyAddress, { message: "expected an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal" }))
    .min(1),
]);

export type TrustProxy = z.infer<typeof trustProxySetting>;

/** AUTH_TRUST_PROXY: `0`/`false`/`off`, a hop count (`1`), `true` (deprecated), or a comma-separated list. */
export function trustProxyFromEnv(value: string): TrustProxy {
  const text = value.trim();
  if (text === "0" || text === "false" || text === "off") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(",").map((entry) => entry.trim()).filter(Boolean);
}

/** What Fastify's `trustProxy` option gets. */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  const hops = setting === true ? 1 : setting;
  if (hops === false || hops === 0) return false;
  if (Array.isArray(hops)) return hops;
  // Fastify ignores a bare number (it cannot check the peer, see docs/security.md); a function
  // counting hops is its documented way to say "the n nearest proxies, whoever they are".
  return (_address, hop) => hop < hops;
}

/** Said once at start-up (and by `auth server check-config`). */
export function trustProxyWarnings(setting: TrustProxy): string[] {
  if (setting !== true) return [];
  return [
    "trustProxy: true (AUTH_TRUST_PROXY=true) is read as 1 proxy hop: trusting every hop let clients choose their own IP. Set a hop count (1) or your proxies' addresses (10.0.0.1,192.168.0.0/16) instead.",
  ];
}

/** For `check-config` and start-up lines: the setting in words. */
export function describeTrustProxy(setting: TrustProxy): string {
  const hops = setting === true ? 1 : setting;
  if (hops === false || hops === 0) return "off (X-Forwarded-For ignored)";
  if (Array.isArray(hops)) return `proxies at ${hops.join(", ")}`;
  return `${hops} proxy hop${hops === 1 ? "" : "s"}`;
}
