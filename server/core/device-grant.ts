/**
 * The device authorization grant's state (RFC 8628), for the OpenID provider's apps
 * (/oauth2/device-authorization, the token endpoint) and for `auth login --device` (the
 * built-in command-line client, /cli/sign-in/device): one state machine, one approval page.
 *
 * Two one-time secrets per request, both stored as digests (core/one-time.ts):
 * - `device-code`: the device's polling secret (43 random characters). Its row holds the request
 *   (who asks, for which scopes), its status (pending → approved | denied) and the polling pace;
 *   spent by the poll that reads approved or denied, so tokens come out once.
 * - `device-user-code`: the code a person types (8 letters of BCDFGHJKLMNPQRSTVWXZ: no vowels, so
 *   no words, no 0/O or 1/I look-alikes; RFC 8628 §6.1), pointing at the device code's row.
 *   Spent by the person's decision, so one code answers once.
 * A user code has about 34.6 bits: guessing is bounded by the strict per-IP rate limit on the
 * lookup routes (http/rate-limit.ts) and by a per-account count of wrong codes
 * (`device-code-tries`): after MAX_WRONG_CODES the account is refused for the rest of the window.
 */
import { apiError } from "../../shared/errors.js";
import type { AppContext } from "../context.js";
import { randomString } from "../crypto/tokens.js";
import * as oneTime from "./one-time.js";

export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
/** RFC 8628 §3.2: the device polls no faster than this (seconds); slow_down adds 5. */
export const POLL_INTERVAL = 5;
/** How long a request waits for the person (seconds). */
export const DEVICE_CODE_LIFETIME = 600;
export const MAX_WRONG_CODES = 5;
const TRIES_WINDOW = 900;

/** Who asked: an app of the OpenID provider, or `auth login --device` on a machine. */
export type DeviceRequester = { kind: "app"; clientId: string; scopes: string[] } | { kind: "cli"; host: string };

export interface DeviceGrant {
  requester: DeviceRequester;
  status: "pending" | "approved" | "denied";
  interval: number;
  lastPollAt?: number;
  /** Set on approval: who approved, from which session (the tokens or session tell how they signed in). */
  userId?: string;
  sessionId?: string;
  /** Kind-specific facts of the approving sign-in, JSON (the provider's SignInFacts, the CLI's second factor). */
  facts?: Record<string, unknown>;
}

type UserCodeData = { device: string };

/** "bcdf-ghjk", "BCDFGHJK", "bcdf ghjk" → "BCDFGHJK"; anything else → undefined. */
export function normalizeUserCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return code.length === 8 && [...code].every((c) => USER_CODE_ALPHABET.includes(c)) ? code : undefined;
}

export function displayUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export interface StartedDeviceGrant {
  deviceCode: string;
  /** As shown: XXXX-XXXX. */
  userCode: string;
  expiresIn: number;
  interval: number;
}

export async function startDeviceGrant(app: AppContext, requester: DeviceRequester): Promise<StartedDeviceGrant> {
  const now = app.clock.now();
  const deviceCode = randomString(43);
  const grant: DeviceGrant = { requester, status: "pending", interval: POLL_INTERVAL };
  await oneTime.issue(app.db, now, { purpose: "device-code", secret: deviceCode, data: grant, lifetimeSeconds: DEVICE_CODE_LIFETIME });
  // A live user code is never reused: `issue` refuses a clash, so draw again.
  for (;;) {
    const userCode = randomString(8, USER_CODE_ALPHABET);
    const data: UserCodeData = { device: oneTime.identifierOf("device-code", deviceCode) };
    if (await oneTime.issue(app.db, now, { purpose: "device-user-code", secret: userCode, data, lifetimeSeconds: DEVICE_CODE_LIFETIME })) {
      return { deviceCode, userCode: displayUserCode(userCode), expiresIn: DEVICE_CODE_LIFETIME, interval: POLL_INTERVAL };
    }
  }
}

/** Counts a wrong code against the account; refuses once the account has used up its tries. */
async function countWrongCode(app: AppContext, userId: string): Promise<never> {
  const now = app.clock.now();
  const record = await oneTime.peek(app.db, now, "device-code-tries", userId);
  const tries = ((record?.data as { tries?: number } | null)?.tries ?? 0) + 1;
  if (record) await oneTime.swap(app.db, now, record, { tries });
  else await oneTime.issue(app.db, now, { purpose: "device-code-tries", secret: userId, data: { tries }, userId, lifetimeSeconds: TRIES_WINDOW });
  throw apiError(tries >= MAX_WRONG_CODES ? "DEVICE_CODE_TOO_MANY_TRIES" : "DEVICE_CODE_NOT_FOUND");
}

async function assertTriesLeft(app: AppContext, userId: string): Promise<void> {
  const record = await oneTime.peek(app.db, app.clock.now(), "device-code-tries", userId);
  if (((record?.data as { tries?: number } | null)?.tries ?? 0) >= MAX_WRONG_CODES) throw apiError("DEVICE_CODE_TOO_MANY_TRIES");
}

export interface FoundDeviceGrant {
  grant: DeviceGrant;
  record: oneTime.OneTimeRecord;
  userCode: string;
}

/** The pending request a typed code names, for the signed-in person `userId`; a wrong code counts against them. */
export async function findByUserCode(app: AppContext, typed: string, userId: string): Promise<FoundDeviceGrant> {
  await assertTriesLeft(app, userId);
  const code = normalizeUserCode(typed);
  const now = app.clock.now();
  const pointer = code ? await oneTime.peek(app.db, now, "device-user-code", code) : undefined;
  const device = pointer ? await oneTime.peekIdentifier(app.db, now, (pointer.data as UserCodeData).device) : undefined;
  const grant = device?.data as DeviceGrant | undefined;
  if (!code || !device || grant?.status !== "pending") return countWrongCode(app, userId);
  return { grant, record: device, userCode: code };
}

/**
 * The person's answer. The user code is spent first (one code, one answer, even when two tabs
 * answer at once); the device row then turns approved (with who approved) or denied.
 */
export async function decideDeviceGrant(app: AppContext, found: FoundDeviceGrant, answer: { approve: true; userId: string; sessionId: string; facts: Record<string, unknown> } | { approve: false }): Promise<void> {
  const now = app.clock.now();
  if (!(await oneTime.consume(app.db, now, "device-user-code", found.userCode))) throw apiError("DEVICE_CODE_NOT_FOUND");
  const next: DeviceGrant = answer.approve
    ? { ...found.grant, status: "approved", userId: answer.userId, sessionId: answer.sessionId, facts: answer.facts }
    : { ...found.grant, status: "denied" };
  if (!(await oneTime.swap(app.db, now, found.record, next))) throw apiError("DEVICE_CODE_NOT_FOUND");
}

export type PollResult =
  | { status: "invalid" | "expired" | "slow_down" | "pending" | "denied" }
  | { status: "approved"; grant: DeviceGrant };

/**
 * One poll by the device (RFC 8628 §3.5). `owns` says whether this requester may read the code
 * (the app that asked for it; the CLI endpoint for CLI codes): anyone else learns nothing.
 * A poll sooner than the interval after the last one answers slow_down and adds 5 seconds.
 * Approved and denied are answered once: the row is spent by that poll.
 */
export async function pollDeviceGrant(app: AppContext, deviceCode: string, owns: (requester: DeviceRequester) => boolean): Promise<PollResult> {
  const now = app.clock.now();
  const record = await oneTime.peek(app.db, now, "device-code", deviceCode);
  const grant = record?.data as DeviceGrant | undefined;
  if (!record || !grant) {
    const expired = await oneTime.findExpired(app.db, now, "device-code", deviceCode);
    return { status: expired && owns((expired.data as DeviceGrant).requester) ? "expired" : "invalid" };
  }
  if (!owns(grant.requester)) return { status: "invalid" };
  if (grant.status === "pending") {
    const early = grant.lastPollAt !== undefined && now - grant.lastPollAt < grant.interval * 1000;
    const next: DeviceGrant = { ...grant, lastPollAt: now, ...(early ? { interval: grant.interval + 5 } : {}) };
    // A lost swap is a concurrent poll: that one is the too-early one.
    if (!(await oneTime.swap(app.db, now, record, next))) return { status: "slow_down" };
    return { status: early ? "slow_down" : "pending" };
  }
  if (!(await oneTime.consume(app.db, now, "device-code", deviceCode))) return { status: "invalid" };
  return grant.status === "approved" ? { status: "approved", grant } : { status: "denied" };
}
