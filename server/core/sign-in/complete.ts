/**
 * The one place a sign-in ends. Every way of proving who you are — a password (email or
 * username), a passkey, a social provider (redirect, ID token, one-tap), a verification link, the
 * second step, the command line's browser hand-off — calls `completeSignIn` with the user it
 * proved, and nothing else issues a sign-in session. Here, and only here:
 *
 * 1. a ban in force refuses the sign-in (an expired one is cleared);
 * 2. a user with two-factor on is held at the second step unless this proof already counts as two
 *    factors (a passkey with user verification), the second step was just passed, or the browser
 *    is a trusted device;
 * 3. the session is created and `lastSignInAt`/`lastSignInMethod` recorded in one transaction,
 *    and beside it how this session's sign-in went: method, user verification, the second factor
 *    passed or "trusted-device" (core/sign-in/session-facts.ts). The insert is conditional on the
 *    user's credential epoch (core/session/epoch.ts): the one on the `user` row the caller read
 *    before checking the proof, or the one a sign-in held at the second step (or handed to the
 *    desktop app) was proved under. A ban, password change or reset, revoke-all or demotion that
 *    committed since moves the epoch, and the sign-in loses (BANNED_USER, or
 *    CREDENTIALS_CHANGED_DURING_SIGN_IN) instead of minting a session that outlives the change;
 * 4. it is handed to the caller (cookies and `set-auth-token`), the lockout count is cleared, the
 *    browser is remembered as a device that signed in to this account (docs/lockout.md), and the
 *    sign-in is audited;
 * 5. when the sign-in was asked for by the desktop app (`?client_id&state&code_challenge`, or
 *    carried through the second step), the hand-off code for the app is issued beside the session
 *    (core/sign-in/desktop-hand-off.ts).
 *
 * Guessable proofs are rate-limited where they are checked (core/sign-in/password.ts, the
 * two-factor step), before this is reached.
 */
import type { TwoFactorRedirect } from "../../../shared/contract/two-factor.js";
import type { AuditEvent } from "../../audit/recorder.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import type { BrowserSessions } from "../../http/handler.js";
import { recordSuccess } from "../lockout/service.js";
import { assertNotBanned, startSession, type IssuedSession, type RequestMeta } from "../session/service.js";
import { carriedHandOff, issueHandOffCode, type HandOffSlot } from "./desktop-hand-off.js";
import { rememberKnownDevice } from "./known-device.js";
import { holdAtSecondStep, trustThisDevice, useTrustedDevice } from "./second-factor.js";
import { recordSessionSignIn, type PassedFactor, type SecondFactor, type SessionSignIn } from "./session-facts.js";

export interface SignInContext {
  app: AppContext;
  browser: BrowserSessions;
  meta: RequestMeta;
  /** The desktop hand-off this request asked for, and where the code it earns is put (http layer). */
  handOff?: HandOffSlot;
}

/** How the person proved who they are. Recorded as `lastSignInMethod` and in the audit. */
export type SignInMethod =
  | "email"
  | "username"
  | "passkey"
  | "email-verification"
  | "magic-link"
  | "email-otp"
  /** `auth login --device`: approved on the console's /device page by a signed-in browser. */
  | "device"
  | `social:${string}`
  | `sso:${string}`
  | `one-tap:${string}`;

export interface SignInRequest {
  method: SignInMethod;
  rememberMe?: boolean;
  /** This proof is two factors by itself (a passkey asserted with user verification). */
  provesTwoFactors?: boolean;
  /** The second step was just passed with this factor. */
  secondFactor?: PassedFactor;
  /**
   * The session continues a browser sign-in that already passed every step: the desktop app
   * redeeming its hand-off code (/electron/token). Never held at the second step; it records the
   * second factor that browser sign-in passed, if any.
   */
  handedOver?: { secondFactor?: SecondFactor };
  /** After the second step: skip it on this browser from now on. */
  trustDevice?: boolean;
  /**
   * The account was created by this request (sign-up with auto sign-in): its `user.sign-up` event,
   * recorded by the caller, stands for the sign-in too, so the log shows one event per sign-up.
   */
  newAccount?: boolean;
  /**
   * The credential epoch the first proof was checked under, when that was in an earlier request
   * (the second step, the desktop app's hand-off); else the `user` row's, read before the proof.
   */
  epoch?: number;
  /** Extra audit metadata (provider, whether an ID token was used, …). */
  audit?: Record<string, unknown>;
  /**
   * Carried through the second step and given back when it completes (a desktop or command-line
   * hand-off that must finish after the code is checked). JSON-serialisable.
   */
  carry?: Record<string, unknown>;
}

export type SignInOutcome =
  | { held: false; issued: IssuedSession; carry?: Record<string, unknown> }
  | { held: true; answer: TwoFactorRedirect };

export async function completeSignIn(ctx: SignInContext, user: UserRow, request: SignInRequest): Promise<SignInOutcome> {
  const { app, browser, meta } = ctx;
  const current = await assertNotBanned(app, user);
  const epoch = request.epoch ?? current.credentialEpoch;

  // The desktop app's hand-off: carried through the second step (bound to that held sign-in) or asked for now.
  const handOff = carriedHandOff(request.carry) ?? ctx.handOff?.requested;
  const passedSecondStep = request.provesTwoFactors === true || request.secondFactor !== undefined || request.handedOver !== undefined;
  let secondFactor: SecondFactor | undefined = request.secondFactor ?? request.handedOver?.secondFactor;
  if (current.twoFactorEnabled && !passedSecondStep) {
    if (!(await useTrustedDevice(app, browser, current.id))) {
      const carry = handOff ? { ...request.carry, desktopHandOff: handOff } : request.carry;
      const answer = await holdAtSecondStep(ctx, current, { method: request.method, rememberMe: request.rememberMe !== false, carry, epoch });
      return { held: true, answer };
    }
    // Skipped, not passed: recorded as such, so no one reads it as a second factor presented now.
    secondFactor = "trusted-device";
  }

  // The sign-in's event is written in the session's own transaction when a webhook endpoint wants it (issue 38).
  const audit: AuditEvent | undefined = request.newAccount
    ? undefined
    : {
        action: "user.sign-in",
        actorId: current.id,
        targetId: current.id,
        targetType: "user",
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: {
          method: request.method,
          ...(request.secondFactor ? { secondFactor: request.secondFactor, trustDevice: Boolean(request.trustDevice) } : {}),
          ...(request.provesTwoFactors ? { userVerified: true } : {}),
          ...(handOff && ctx.handOff ? { desktopHandOff: true } : {}),
          ...request.audit,
        },
      };
  const issued = await startSession(app, current, meta, { rememberMe: request.rememberMe, signInMethod: request.method, epoch, ...(audit ? { audit } : {}) });
  // What this session's sign-in was (two-factor policy, desktop hand-off, the OpenID provider's amr/acr).
  const facts: SessionSignIn = { method: request.method, ...(request.provesTwoFactors ? { userVerified: true } : {}), ...(secondFactor ? { secondFactor } : {}) };
  await recordSessionSignIn(app, issued.session.id, current.id, facts);
  browser.issue(issued, { rememberMe: request.rememberMe });
  if (request.trustDevice) await trustThisDevice(app, browser, current.id);
  await recordSuccess(app, current);
  rememberKnownDevice(app, browser, current.id);
  if (handOff && ctx.handOff) {
    const code = await issueHandOffCode(app, current.id, handOff, facts, epoch);
    ctx.handOff.issued = { code, state: handOff.state };
  }
  return { held: false, issued, carry: request.carry };
}
