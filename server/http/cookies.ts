/** Minimal cookie parsing and serialising (RFC 6265), no dependencies. */
export interface CookieOptions {
  maxAge?: number; // seconds; omitted = a browser-session cookie
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
  path?: string;
}

/** Browsers refuse cookie lifetimes beyond 400 days (RFC 6265bis); never ask for more. */
export const COOKIE_MAX_AGE_CEILING = 400 * 24 * 3600;

/**
 * The request's cookies by name. A name sent twice is dropped altogether: the browser may hold a
 * second cookie of that name planted by a sibling subdomain (another Domain or Path), and the
 * server cannot tell which is its own, so for authentication the request carries neither
 * (docs/security.md, "Cookies"). A value whose percent-encoding is malformed is dropped too:
 * Latchkey never writes one, so it is nobody's credential.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  const refused = new Set<string>();
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || refused.has(name)) continue;
    if (cookies.has(name)) {
      cookies.delete(name);
      refused.add(name);
      continue;
    }
    let value = part.slice(index + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    const decoded = decodeCookieValue(value);
    if (decoded !== undefined) cookies.set(name, decoded);
    else refused.add(name); // a later copy must not stand in for it
  }
  return cookies;
}

function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.min(Math.floor(options.maxAge), COOKIE_MAX_AGE_CEILING))}`);
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  return parts.join("; ");
}
