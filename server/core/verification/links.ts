/**
 * Building the URLs that mail links and redirects point to. Callback targets were already
 * checked against the trusted origins by the http layer; a relative target stays relative.
 */
import type { AppContext } from "../../context.js";

/** `target` with `params` added to its query string (relative targets stay relative). */
export function withQuery(target: string, params: Record<string, string>): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target);
  const url = new URL(target, "http://relative.invalid");
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return absolute ? url.toString() : url.pathname + url.search + url.hash;
}

/**
 * Where a mailed link sends the browser when the app that asked for the mail gave no callback URL:
 * pages of the console this server serves, each showing the outcome (or `?error=`). Apps that
 * pass their own callbackURL / redirectTo keep getting it.
 */
export const DEFAULT_LANDING = {
  verifyEmail: "/console/verify-email",
  /** GET /reset-password/<token> redirects here with ?token= (or ?error=INVALID_TOKEN). */
  resetPassword: "/console/reset-password",
  /** The confirmation of an email change is a verify-email link; that page shows both outcomes. */
  changeEmail: "/console/verify-email",
  deleteAccount: "/console/goodbye",
  /** A magic link asked for without a callbackURL (better-auth's default "/" is the console here). */
  magicLink: "/console/",
} as const;

/** An endpoint of this server with a query, e.g. the link inside a mail. */
export function apiLink(app: AppContext, path: string, params: Record<string, string | undefined>): string {
  const url = new URL(app.apiURL + path);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") url.searchParams.set(key, value);
  return url.toString();
}

/** The server's own error page for a code, used when a link carries no callbackURL to return to. */
export function errorPage(app: AppContext, code: string): string {
  return apiLink(app, "/error", { error: code });
}
