/**
 * The desktop app's browser sign-in (docs/desktop.md, "Signing in through the browser"): the
 * app opens `/console/sign-in?client_id=…&state=…&code_challenge=…&redirect_uri=…`, the page signs
 * the person in with those parameters and sends the browser to `redirect_uri?code=…&state=…`.
 *
 * The code and its state are all an attacker needs besides the PKCE verifier, and the attacker
 * who crafted the link chose the challenge, so holds the verifier: a page that sent codes to any
 * address would hand accounts to whoever wrote the link. Only this computer's app can listen on
 * a loopback port or own the `latchkey:` scheme, so those are the only destinations (RFC 8252 §7).
 * Pure module: no React, no requests.
 */

export interface HandOffParams {
  clientId: string;
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** What the page found in its address: nothing of the desktop app's, a usable hand-off, or a refused one. */
export type HandOffRequest = { kind: "none" } | { kind: "valid"; params: HandOffParams } | { kind: "invalid"; reason: "missing" | "redirect" };

const PARAM = /^[A-Za-z0-9._~-]{1,512}$/;

/**
 * A loopback `http://127.0.0.1:<port>/…` or `http://[::1]:<port>/…` (not "localhost": a name can be
 * made to resolve elsewhere), or the app's `latchkey:` scheme; no credentials, no fragment.
 */
export function isAllowedRedirect(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === "latchkey:") return true;
  return url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "[::1]") && url.port !== "";
}

/** Reads the hand-off from the sign-in page's search (already split into strings by the router). */
export function readHandOff(search: { client_id?: string | undefined; state?: string | undefined; code_challenge?: string | undefined; redirect_uri?: string | undefined }): HandOffRequest {
  const { client_id: clientId, state, code_challenge: codeChallenge, redirect_uri: redirectUri } = search;
  if (clientId === undefined && redirectUri === undefined) return { kind: "none" };
  if (!clientId || !state || !codeChallenge || !redirectUri || ![clientId, state, codeChallenge].every((v) => PARAM.test(v))) return { kind: "invalid", reason: "missing" };
  if (!isAllowedRedirect(redirectUri)) return { kind: "invalid", reason: "redirect" };
  return { kind: "valid", params: { clientId, state, codeChallenge, redirectUri } };
}

/** Where the browser goes with the code: the app's address plus `code` and `state`. */
export function handOffTarget(redirectUri: string, code: string, state: string): string {
  const url = new URL(redirectUri);
  url.searchParams.set("code", code);
  url.searchParams.set("state", state);
  return url.toString();
}

// A social sign-in leaves for the provider and comes back to `?handoff=cookie` without the
// app's address: the page keeps the hand-off in this tab's sessionStorage, and sends a returned
// code on only when the cookie names that same state (a planted cookie has nowhere to go).
const PENDING = "latchkey.hand-off.pending";

export function rememberHandOff(params: HandOffParams): void {
  sessionStorage.setItem(PENDING, JSON.stringify(params));
}

/** The code the social round trip returned, with the hand-off it belongs to; null if they do not match. */
export function takeReturnedHandOff(): { params: HandOffParams; code: string } | null {
  const raw = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  let params: HandOffParams | null = null;
  try {
    params = raw ? (JSON.parse(raw) as HandOffParams) : null;
  } catch {
    params = null;
  }
  const clientId = params && PARAM.test(params.clientId) ? params.clientId : "electron";
  const cookie = takeHandOffCookie(clientId);
  if (!params || !cookie || cookie.state !== params.state || !isAllowedRedirect(params.redirectUri)) return null;
  return { params, code: cookie.code };
}

/**
 * A mailed link opens in whatever tab or browser the mail app picks, without this tab's
 * sessionStorage: the link's way back (`/console/sign-in?handoff=link&client_id&state&redirect_uri`)
 * carries the app's address itself. Where it may go is checked as for any hand-off (loopback or
 * `latchkey:` only), and a code is sent on only when the server's cookie — set by the link's own
 * sign-in, bound to the app's state and PKCE challenge — names that same state.
 */
export function linkReturnPath(params: HandOffParams): string {
  const query = new URLSearchParams({ handoff: "link", client_id: params.clientId, state: params.state, redirect_uri: params.redirectUri });
  return `/console/sign-in?${query.toString()}`;
}

/** The code a mailed link's sign-in left in the cookie, with where it goes; null if anything does not match. */
export function takeLinkedHandOff(search: { client_id?: string | undefined; state?: string | undefined; redirect_uri?: string | undefined }): { params: HandOffParams; code: string } | null {
  const { client_id: clientId, state, redirect_uri: redirectUri } = search;
  if (!clientId || !state || !redirectUri || !PARAM.test(clientId) || !PARAM.test(state) || !isAllowedRedirect(redirectUri)) return null;
  const cookie = takeHandOffCookie(clientId);
  if (!cookie || cookie.state !== state) return null;
  // The challenge stays with the server and the app; the page needs only where the code goes.
  return { params: { clientId, state, codeChallenge: "", redirectUri }, code: cookie.code };
}

/** The server's `latchkey.<clientId>` cookie after a social sign-in: base64url `{identifier, state}`. */
function takeHandOffCookie(clientId: string): { code: string; state: string } | null {
  const names = [`latchkey.${clientId}`, `__Host-latchkey.${clientId}`];
  const found = document.cookie
    .split("; ")
    .map((pair) => pair.split("="))
    .find(([name]) => names.includes(name ?? ""));
  // Spent either way: the code is single use, and a stale one must not hand off a later visit.
  for (const name of names) document.cookie = `${name}=; Max-Age=0; Path=/${name.startsWith("__Host-") ? "; Secure" : ""}`;
  if (!found?.[1]) return null;
  try {
    const base64 = decodeURIComponent(found[1]).replace(/-/g, "+").replace(/_/g, "/");
    const value = JSON.parse(atob(base64)) as { identifier?: unknown; state?: unknown };
    return typeof value.identifier === "string" && typeof value.state === "string" ? { code: value.identifier, state: value.state } : null;
  } catch {
    return null;
  }
}
