/**
 * Cookie names and the BrowserSessions implementation. Cookies are httpOnly, SameSite=Lax,
 * Secure on https, and prefixed `latchkey.`. The session cookie holds the raw token; the server
 * keeps only its hash.
 *
 * On https every cookie goes by `__Host-` + its name on the wire (`__Host-latchkey.session_token`):
 * browsers then accept it only from this very host, over https, with Path=/ and no Domain, so a
 * sibling subdomain or a plain-http page cannot plant or overwrite it. Inside the server the
 * names stay unprefixed (the jar maps them at the edge), and on https an unprefixed cookie is
 * not read at all. Latchkey sets no Domain attribute (there is no cookie-domain setting), which
 * is what `__Host-` requires; a future shared-domain setting would have to use `__Secure-`.
 */
import { sessionWithUserSchema, type SessionWithUser } from "../../shared/contract/schemas.js";
import type { AppContext } from "../context.js";
import { hashSecret, safeEqual, sign, signedBy } from "../crypto/tokens.js";
import type { SessionRow, UserRow } from "../db/types.js";
import { deleteSessionByTokenHash, findSessionByTokenHash } from "../core/session/store.js";
import { toSession, toUser } from "../core/user/wire.js";
import { parseCookies, serializeCookie, type CookieOptions } from "./cookies.js";
import type { IssuedSession } from "../core/session/service.js";
import type { BrowserSessions } from "./handler.js";
import { HAND_OFF_COOKIE_SECONDS, redirectCookieValue } from "../core/sign-in/desktop-hand-off.js";

export const COOKIE_PREFIX = "latchkey";
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
export const SESSION_DATA_COOKIE = `${COOKIE_PREFIX}.session_data`;
export const DONT_REMEMBER_COOKIE = `${COOKIE_PREFIX}.dont_remember`;
export const ADMIN_SESSION_COOKIE = `${COOKIE_PREFIX}.admin_session`;
export const MULTI_SESSION_PREFIX = `${COOKIE_PREFIX}.session_token_multi-`;
/** The wire prefix on https (see above). */
export const HOST_COOKIE_PREFIX = "__Host-";
/** Browsers cap a cookie near 4096 bytes; past this the cache is not written at all. */
export const COOKIE_CACHE_LIMIT = 4093;

/** Multi-session cookie name for a token: derived from its hash, so the name reveals nothing. */
export function multiSessionCookieName(token: string): string {
  return MULTI_SESSION_PREFIX + hashSecret(token).slice(0, 16).toLowerCase();
}

/** Cookies are Secure, and prefixed, when the public URL is https. */
export function cookiesAreSecure(app: Pick<AppContext, "baseURL">): boolean {
  return app.baseURL.startsWith("https:");
}

/** A cookie's name as the browser sees it. */
export function wireCookieName(name: string, secure: boolean): string {
  return secure ? HOST_COOKIE_PREFIX + name : name;
}

/**
 * The request's cookies under their unprefixed names. On https only `__Host-` cookies count: an
 * unprefixed `latchkey.session_token` there can only have been planted. Duplicates and malformed
 * values are already gone (cookies.ts).
 */
export function incomingCookies(header: string | undefined, secure: boolean): Map<string, string> {
  const all = parseCookies(header);
  if (!secure) return all;
  const ours = new Map<string, string>();
  for (const [name, value] of all) if (name.startsWith(HOST_COOKIE_PREFIX)) ours.set(name.slice(HOST_COOKIE_PREFIX.length), value);
  return ours;
}

export interface CookieJarState {
  incoming: Map<string, string>;
  outgoing: string[];
  /** Token to answer in the `set-auth-token` header. */
  authToken?: string;
  /** Async cookie work (multi-session upkeep) run after the handler, before cookies are sent. */
  tasks?: Array<() => Promise<void>>;
}

/**
 * The desktop hand-off's page cookie, `latchkey.<electron.clientId>`: better-auth's
 * electronProxyClient reads it with `cookiePrefix: "latchkey"` to pass the code to the app. Not
 * httpOnly (the page must read it), two minutes, and worthless without the app's PKCE verifier.
 */
export function handOffCookie(app: AppContext, issued: { code: string; state: string }): string {
  const secure = cookiesAreSecure(app);
  const name = wireCookieName(`${COOKIE_PREFIX}.${app.config.electron.clientId}`, secure);
  return serializeCookie(name, redirectCookieValue(issued), { httpOnly: false, secure, sameSite: "Lax", path: "/", maxAge: HAND_OFF_COOKIE_SECONDS });
}

export function createBrowserSessions(app: AppContext, jar: CookieJarState): BrowserSessions {
  const secure = cookiesAreSecure(app);
  // Path=/ and no Domain on every cookie: both are what `__Host-` asks for.
  const base: CookieOptions = { httpOnly: true, secure, sameSite: "Lax", path: "/" };
  const set = (name: string, value: string, maxAge?: number) => {
    jar.outgoing.push(serializeCookie(wireCookieName(name, secure), value, { ...base, maxAge }));
    if (maxAge === 0) jar.incoming.delete(name);
    else jar.incoming.set(name, value);
  };
  const clearCookie = (name: string) => set(name, "", 0);
  const secondsUntil = (ms: number) => Math.max(0, Math.floor((ms - app.clock.now()) / 1000));

  function writeSession(token: string, session: SessionRow, user: UserRow, dontRemember: boolean) {
    const maxAge = dontRemember ? undefined : secondsUntil(Number(session.expiresAt));
    set(SESSION_COOKIE, token, maxAge);
    set(multiSessionCookieName(token), token, maxAge);
    writeCache(token, session, user);
  }

  function writeCache(token: string, session: SessionRow, user: UserRow) {
    const cache = app.config.session.cookieCache;
    if (!cache.enabled) return;
    const expiresAt = app.clock.now() + cache.maxAge * 1000;
    const payload = Buffer.from(JSON.stringify({ session: toSession(session, token), user: toUser(user), expiresAt })).toString("base64url");
    const value = `${payload}.${sign(payload, app.secret)}`;
    if (value.length > COOKIE_CACHE_LIMIT) {
      app.log.warn({ size: value.length }, "session data too large for the cookie cache; not cached");
      if (jar.incoming.has(SESSION_DATA_COOKIE)) clearCookie(SESSION_DATA_COOKIE);
      return;
    }
    set(SESSION_DATA_COOKIE, value, cache.maxAge);
  }

  /**
   * A browser holds at most `multiSession.maximumSessions` device sessions, one per user. After a
   * new session is issued, an older one of the same user and dead ones are dropped, then the
   * oldest beyond the limit (cookies arrive oldest first, RFC 6265 §5.4); dropped sessions are
   * revoked, since no browser can use them any more.
   */
  function enforceDeviceLimit(issued: IssuedSession) {
    const newName = multiSessionCookieName(issued.token);
    const held = [...jar.incoming].filter(([name, value]) => name.startsWith(MULTI_SESSION_PREFIX) && name !== newName && value);
    (jar.tasks ??= []).push(async () => {
      const kept: Array<[string, string]> = [];
      for (const [name, token] of held) {
        const found = await findSessionByTokenHash(app.db, hashSecret(token));
        const live = found && Number(found.session.expiresAt) > app.clock.now();
        if (live && found.user.id !== issued.user.id) {
          kept.push([name, token]);
          continue;
        }
        if (found) await deleteSessionByTokenHash(app.db, hashSecret(token));
        clearCookie(name);
      }
      const excess = kept.length + 1 - app.config.multiSession.maximumSessions;
      for (const [name, token] of kept.slice(0, Math.max(0, excess))) {
        await deleteSessionByTokenHash(app.db, hashSecret(token));
        clearCookie(name);
      }
    });
  }

  return {
    issue(issued, options = {}) {
      if (!jar.incoming.has(multiSessionCookieName(issued.token))) enforceDeviceLimit(issued);
      const dontRemember = options.rememberMe === false;
      writeSession(issued.token, issued.session, issued.user, dontRemember);
      if (dontRemember) set(DONT_REMEMBER_COOKIE, "true");
      else if (jar.incoming.has(DONT_REMEMBER_COOKIE)) clearCookie(DONT_REMEMBER_COOKIE);
      jar.authToken = issued.token;
    },
    refresh(resolved) {
      writeSession(resolved.token, resolved.session, resolved.user, jar.incoming.has(DONT_REMEMBER_COOKIE));
    },
    clear() {
      for (const name of [SESSION_COOKIE, SESSION_DATA_COOKIE, DONT_REMEMBER_COOKIE]) {
        if (jar.incoming.has(name)) clearCookie(name);
      }
    },
    deviceTokens() {
      const tokens = new Set<string>();
      const active = jar.incoming.get(SESSION_COOKIE);
      if (active) tokens.add(active);
      for (const [name, value] of jar.incoming) if (name.startsWith(MULTI_SESSION_PREFIX) && value) tokens.add(value);
      return [...tokens];
    },
    forgetDevice(token) {
      const name = multiSessionCookieName(token);
      if (jar.incoming.has(name)) clearCookie(name);
    },
    stashAdmin(token) {
      set(ADMIN_SESSION_COOKIE, token, app.config.session.expiresIn);
    },
    takeAdmin() {
      const token = jar.incoming.get(ADMIN_SESSION_COOKIE);
      if (token) clearCookie(ADMIN_SESSION_COOKIE);
      return token || undefined;
    },
    dontRemember: () => jar.incoming.has(DONT_REMEMBER_COOKIE),
    readSigned(name) {
      const raw = jar.incoming.get(`${COOKIE_PREFIX}.${name}`);
      const dot = raw ? raw.lastIndexOf(".") : -1;
      if (!raw || dot < 0) return undefined;
      const value = raw.slice(0, dot);
      return signedBy(`${name}=${value}`, raw.slice(dot + 1), app.secret) ? value : undefined;
    },
    writeSigned(name, value, maxAgeSeconds) {
      // The cookie's name is part of what is signed, so a value cannot be moved to another cookie.
      set(`${COOKIE_PREFIX}.${name}`, `${value}.${sign(`${name}=${value}`, app.secret)}`, maxAgeSeconds);
    },
    forgetSigned(name) {
      if (jar.incoming.has(`${COOKIE_PREFIX}.${name}`)) clearCookie(`${COOKIE_PREFIX}.${name}`);
    },
    readCache() {
      if (!app.config.session.cookieCache.enabled) return null;
      const raw = jar.incoming.get(SESSION_DATA_COOKIE);
      const token = jar.incoming.get(SESSION_COOKIE);
      if (!raw || !token) return null;
      const dot = raw.lastIndexOf(".");
      if (dot < 0) return null;
      const payload = raw.slice(0, dot);
      if (!signedBy(payload, raw.slice(dot + 1), app.secret)) return null;
      try {
        const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { expiresAt: number } & SessionWithUser;
        if (typeof data.expiresAt !== "number" || data.expiresAt <= app.clock.now()) return null;
        const parsed = sessionWithUserSchema.safeParse({ session: data.session, user: data.user });
        // The cache belongs to the session cookie beside it; a swapped cookie must not match.
        if (!parsed.success || !safeEqual(parsed.data.session.token, token)) return null;
        if (Date.parse(parsed.data.session.expiresAt) <= app.clock.now()) return null;
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
