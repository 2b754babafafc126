/**
 * Device sessions: the sessions whose tokens this browser holds in its multi-session cookies.
 * Callers name them by handle (the stored hash lists show) or by raw token.
 */
import type { AppContext } from "../../context.js";
import { hashSecret, safeEqual } from "../../crypto/tokens.js";
import { findLiveSession } from "../../core/session/service.js";
import type { SessionAndUser } from "../../core/session/store.js";

export interface DeviceSession extends SessionAndUser {
  token: string;
}

/** The browser's token that `tokenOrHandle` names, if it holds one. */
export function findDeviceToken(tokens: string[], tokenOrHandle: string): string | undefined {
  return tokens.find((token) => safeEqual(hashSecret(token), tokenOrHandle) || safeEqual(token, tokenOrHandle));
}

export async function liveDeviceSession(app: AppContext, token: string): Promise<DeviceSession | undefined> {
  const found = await findLiveSession(app, hashSecret(token));
  if (!found) return undefined;
  return { token, session: found.session, user: found.user };
}

/** Live device sessions, one per user, in the browser's order (the active one first). */
export async function listDeviceSessions(app: AppContext, tokens: string[]): Promise<DeviceSession[]> {
  const seen = new Set<string>();
  const out: DeviceSession[] = [];
  for (const token of tokens) {
    const live = await liveDeviceSession(app, token);
    if (!live || seen.has(live.user.id)) continue;
    seen.add(live.user.id);
    out.push(live);
  }
  return out;
}
