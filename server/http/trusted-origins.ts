/**
 * Which origins may send cookie-bearing requests and receive redirects: the base URL's origin
 * plus configured entries. An entry is an exact origin (https://app.example.com) or a wildcard
 * host (https://*.example.com, *.example.com).
 */
import { apiError, type ErrorCode } from "../../shared/errors.js";

/**
 * The base URL's origin, and for a plain-http server on loopback its other loopback names on the
 * same port (issue 33): http://127.0.0.1:3000, http://localhost:3000 and http://[::1]:3000 are one
 * local server, and passkeys only work on the localhost name (browsers refuse an IP address as a
 * relying party), so the README's 127.0.0.1 address and localhost must both be trusted.
 */
function sameLocalServer(baseURL: string): string[] {
  const base = new URL(baseURL);
  if (base.protocol !== "http:" || !["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) return [base.origin];
  const port = base.port ? `:${base.port}` : "";
  return [base.origin, ...["127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}${port}`)];
}

export interface OriginPolicy {
  isTrusted(origin: string): boolean;
  /** Relative paths and URLs on trusted origins pass; anything else throws `code`. */
  assertRedirectTarget(target: string, code: ErrorCode): void;
}

export function createOriginPolicy(baseURL: string, configured: readonly string[]): OriginPolicy {
  const exact = new Set<string>(sameLocalServer(baseURL));
  const patterns: RegExp[] = [];
  for (const entry of configured) {
    if (entry.includes("*")) patterns.push(wildcardToRegExp(entry));
    else {
      try {
        exact.add(new URL(entry).origin);
      } catch {
        exact.add(entry.replace(/\/+$/, ""));
      }
    }
  }

  function isTrusted(origin: string): boolean {
    if (exact.has(origin)) return true;
    return patterns.some((pattern) => pattern.test(origin));
  }

  return {
    isTrusted,
    assertRedirectTarget(target, code) {
      if (isRelativePath(target)) return;
      let origin: string;
      try {
        origin = new URL(target).origin;
      } catch {
        throw apiError(code);
      }
      if (origin === "null" || !isTrusted(origin)) throw apiError(code);
    },
  };
}

/** `/dashboard?x=1` yes; `//evil.com`, `/\evil.com` and `https:…` no. */
export function isRelativePath(target: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  return /^\/(?![/\\])/.test(target) && !/[\u0000-\u001f]/.test(target);
}

function wildcardToRegExp(entry: string): RegExp {
  const hasScheme = /^[a-z]+:\/\//i.test(entry);
  const escaped = entry.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[a-z0-9-]+(?:\\.[a-z0-9-]+)*");
  return new RegExp(`^${hasScheme ? "" : "https?://"}${escaped}$`, "i");
}
