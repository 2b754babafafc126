/**
 * The desktop hand-off, in `@better-auth/electron`'s wire format (docs/desktop.md). The desktop
 * app opens a sign-in page in the system browser with `?client_id=<electron.clientId>&state=…&code_challenge=…`
 * (S256 of a verifier only the app holds). When that sign-in ends in a session, the sign-in core
 * also issues a one-time code bound to the user, the state and the challenge; the browser passes
 * the code to the app, and only the app, holding the verifier, can trade it for its own session
 * at `POST /electron/token`.
 *
 * The code is a one-time secret (core/one-time.ts, purpose "desktop-hand-off"): its digest is
 * stored, it lives five minutes (better-auth's `codeExpiresIn`), and redeeming it deletes it
 * before anything is compared — a wrong state or verifier burns the code, so it cannot be guessed at.
 */
import { createHash } from "node:crypto";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";
import { consume, issue } from "../one-time.js";
import type { SecondFactor, SessionSignIn } from "./session-facts.js";

/** better-auth's `codeExpiresIn`: the code is good for five minutes. */
export const HAND_OFF_CODE_SECONDS = 300;
/** better-auth's `redirectCookieExpiresIn`: the page has two minutes to pass the code on. */
export const HAND_OFF_COOKIE_SECONDS = 120;
/** The longest state and challenge accepted (a S256 challenge is 43 characters; better-auth's state 16). */
const MAX_PARAM_LENGTH = 512;

/** What the app asked for: whose code it is bound to. */
export interface DesktopHandOff {
  state: string;
  codeChallenge: string;
}

/**
 * One request's hand-off: what it asked for (query parameters, or carried through the second
 * step or a social redirect) and, once the sign-in core issued a session, the code it gave.
 */
export interface HandOffSlot {
  requested?: DesktopHandOff;
  issued?: { code: string; state: string };
}

/** What the code stands for (stored as the one-time secret's data). */
interface CodeData {
  userId: string;
  state: string;
  codeChallenge: string;
  /** How the browser sign-in proved who this is: the app's session records the same method. */
  method: string;
  /** The browser sign-in was a passkey with user verification (twoFactor.requiredForRoles). */
  userVerified?: boolean;
  /** The second factor the browser sign-in passed (or "trusted-device"): the app's session records it too. */
  secondFactor?: SecondFactor;
  /** The credential epoch the browser sign-in was proved under: the app's session is issued only under it (issue 43). */
  epoch?: number;
}

/**
 * The hand-off a sign-in request asks for, from its raw query. Another client id is not ours
 * (better-auth ignores it too). Ours without a state or a challenge is refused before anything
 * happens: the app would otherwise wait for a code that never comes.
 */
export function requestedHandOff(app: AppContext, query: unknown): DesktopHandOff | undefined {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.client_id !== app.config.electron.clientId) return undefined;
  const state = q.state;
  const codeChallenge = q.code_challenge;
  if (typeof state !== "string" || state === "") throw apiError("MISSING_STATE");
  if (typeof codeChallenge !== "string" || codeChallenge === "") throw apiError("MISSING_PKCE");
  if (state.length > MAX_PARAM_LENGTH || codeChallenge.length > MAX_PARAM_LENGTH) throw apiError("VALIDATION_ERROR", "Invalid query parameters");
  return { state, codeChallenge };
}

/** A hand-off carried through the second step (completeSignIn's `carry`), if well-formed. */
export function carriedHandOff(carry: Record<string, unknown> | undefined): DesktopHandOff | undefined {
  const value = carry?.desktopHandOff as Partial<DesktopHandOff> | undefined;
  return value && typeof value.state === "string" && typeof value.codeChallenge === "string" ? { state: value.state, codeChallenge: value.codeChallenge } : undefined;
}

export async function issueHandOffCode(app: AppContext, userId: string, handOff: DesktopHandOff, proof: SessionSignIn, epoch: number | undefined): Promise<string> {
  const code = randomString(32); // better-auth's shape: 32 letters and digits
  const data: CodeData = {
    userId,
    state: handOff.state,
    codeChallenge: handOff.codeChallenge,
    method: proof.method,
    ...(proof.userVerified ? { userVerified: true } : {}),
    ...(proof.secondFactor ? { secondFactor: proof.secondFactor } : {}),
    ...(typeof epoch === "number" ? { epoch } : {}),
  };
  await issue(app.db, app.clock.now(), { purpose: "desktop-hand-off", secret: code, data, lifetimeSeconds: HAND_OFF_CODE_SECONDS, userId });
  return code;
}

/** RFC 7636 S256: base64url(SHA-256(verifier)), unpadded. */
export function codeChallengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export type Redeemed = { ok: true; data: CodeData } | { ok: false; code: "INVALID_TOKEN" | "STATE_MISMATCH" | "MISSING_CODE_CHALLENGE" | "INVALID_CODE_VERIFIER"; userId?: string };

/**
 * Uses the code up, then checks it against the state and verifier, in better-auth's order. The
 * code is gone whatever the outcome: a second try with another verifier finds nothing.
 */
export async function redeemHandOffCode(app: AppContext, input: { token: string; state: string; verifier: string }): Promise<Redeemed> {
  const record = await consume(app.db, app.clock.now(), "desktop-hand-off", input.token);
  const data = record?.data as CodeData | null | undefined;
  if (!data || typeof data.userId !== "string") return { ok: false, code: "INVALID_TOKEN" };
  if (typeof data.state !== "string" || !safeEqual(data.state, input.state)) return { ok: false, code: "STATE_MISMATCH", userId: data.userId };
  if (typeof data.codeChallenge !== "string" || data.codeChallenge === "") return { ok: false, code: "MISSING_CODE_CHALLENGE", userId: data.userId };
  if (!safeEqual(codeChallengeOf(input.verifier), data.codeChallenge)) return { ok: false, code: "INVALID_CODE_VERIFIER", userId: data.userId };
  return { ok: true, data };
}

/**
 * The `<prefix>.<clientId>` cookie better-auth's `electronProxyClient` reads in the page
 * (`getAuthorizationCode`, `ensureElectronRedirect`): base64url of `{identifier, state}`, which
 * the page hands to the app as `#token=…`. Readable by the page on purpose; worthless without the verifier.
 */
export function redirectCookieValue(issued: { code: string; state: string }): string {
  return Buffer.from(JSON.stringify({ identifier: issued.code, state: issued.state })).toString("base64url");
}
