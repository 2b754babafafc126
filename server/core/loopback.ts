/**
 * The one answer to "does this stay on this machine?" (issue 20, item 6: four hand-written checks
 * disagreed on `127.0.0.2`, `[::1]` and `LOCALHOST`). Loopback is 127.0.0.0/8, ::1 (also as an
 * IPv4-mapped ::ffff:127.x address), `localhost` and the `.localhost` names RFC 6761 §6.3 reserves
 * for it. Callers: the metrics token exemption (a socket address), the CLI's RFC 8252 loopback
 * redirect, plain-http identity providers on this host, and the production warnings.
 */

/** A host name or IP address (with or without IPv6 brackets, any case). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare.endsWith(".localhost") || bare === "::1") return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice("::ffff:".length) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** True when `url` parses and its host is loopback; anything unparsable is not. */
export function isLoopbackURL(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
