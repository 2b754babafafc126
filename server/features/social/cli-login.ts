/**
 * `auth login --provider NAME`: the operator's system browser does the provider round trip;
 * the session goes to the CLI, not to the browser. Like RFC 8252 (native apps) with PKCE, plus
 * the approval step of the device-code pattern (RFC 8628, `gh auth login`):
 *   1. the CLI sends a challenge, its own `state`, its host name and a loopback URL, and gets the
 *      provider's URL and a user code (ABCD-1234) it prints;
 *   2. after the provider, the browser is not sent to the loopback: it gets a signed cookie naming
 *      a pending approval (5 minutes) and a Latchkey page showing the host, the account and the
 *      user code, with Approve and Deny;
 *   3. only Approve issues a one-time code (2 minutes) and sends the browser to the loopback with
 *      it and the CLI's state; Deny sends `error=access_denied`; either way the approval is gone;
 *   4. only the holder of the verifier can trade the code for a session.
 * So a flow someone else started (a link sent to a victim signed in at the provider) ends at a
 * page naming a machine and a code the victim has never seen, instead of silently at the loopback.
 */
import { createHash, randomBytes } from "node:crypto";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";
import { findUserById } from "../../core/user/store.js";
import { isLoopbackHost } from "../../core/loopback.js";
import { peekCliSecret, saveCliSecret, takeCliSecret } from "./cli-store.js";

const CODE_SECONDS = 120;
export const APPROVAL_SECONDS = 300;
/** The signed cookie naming the browser's pending approval. */
export const APPROVAL_COOKIE = "cli_approval";

/** What the CLI sent at the start, kept in the flow state until the provider's callback. */
export interface CliFlow {
  redirect: string;
  challenge: string;
  state: string;
  host: string;
  /** The address the flow was started from (the CLI's, as the server saw it). */
  ip: string | null;
  userCode: string;
}

/** A provider round trip done, awaiting the person's decision. */
export interface PendingApproval extends CliFlow {
  userId: string;
  email: string;
  providerId: string;
  /** The approval form's token: only the page this browser was shown can answer. */
  csrf: string;
}

/** Only loopback addresses on http, with a port (RFC 8252 §7.3). */
export function assertLoopbackURL(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw apiError("INVALID_CALLBACK_URL");
  }
  if (parsed.protocol !== "http:" || !parsed.port || !isLoopbackHost(parsed.hostname)) throw apiError("INVALID_CALLBACK_URL");
}

/**
 * RFC 8628 §6.1's advice: no vowels (no words), none of 0/O, 1/I/L: 27 symbols, read aloud or
 * compared at a glance. 8 of them (about 38 bits): not a secret, a match the person checks.
 */
const USER_CODE_ALPHABET = "BCDFGHJKMNPQRSTVWXZ23456789";

export function newUserCode(): string {
  let out = "";
  while (out.length < 8) {
    for (const byte of randomBytes(16)) {
      // Rejection sampling: every symbol equally likely.
      if (byte < 256 - (256 % USER_CODE_ALPHABET.length) && out.length < 8) out += USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length];
    }
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** After the provider: remember the sign-in awaiting approval; the handle goes into the browser's cookie. */
export async function startApproval(app: AppContext, input: Omit<PendingApproval, "csrf">): Promise<string> {
  const handle = randomString(32);
  await saveCliSecret(app, "cli-approval", handle, { ...input, csrf: randomString(32) } satisfies PendingApproval, APPROVAL_SECONDS);
  return handle;
}

export function pendingApproval(app: AppContext, handle: string | undefined): Promise<PendingApproval | undefined> {
  return handle ? peekCliSecret<PendingApproval>(app, "cli-approval", handle) : Promise.resolve(undefined);
}

/**
 * The person's answer. The approval is taken (gone) before anything else, so it is answered once;
 * a wrong form token spends it too (fail closed: the CLI then waits in vain and times out).
 * Approve: a one-time code for the loopback. Deny: nothing that can be redeemed.
 */
export async function decideApproval(app: AppContext, handle: string | undefined, csrf: string, decision: "approve" | "deny"): Promise<{ pending: PendingApproval; code?: string }> {
  const pending = handle ? await takeCliSecret<PendingApproval>(app, "cli-approval", handle) : undefined;
  if (!pending) throw apiError("CLI_APPROVAL_EXPIRED");
  if (!safeEqual(csrf, pending.csrf)) throw apiError("CLI_APPROVAL_FORM_MISMATCH");
  if (decision === "deny") return { pending };
  const code = randomString(32);
  await saveCliSecret(app, "cli-social", code, { userId: pending.userId, challenge: pending.challenge, providerId: pending.providerId }, CODE_SECONDS);
  return { pending, code };
}

/** The user a hand-off code stands for, once; the caller completes the sign-in (core/sign-in/complete.ts). */
export async function redeemCliCode(app: AppContext, code: string, verifier: string) {
  const data = await takeCliSecret<{ userId: string; challenge: string; providerId: string }>(app, "cli-social", code);
  if (!data) throw apiError("INVALID_TOKEN");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  if (!safeEqual(challenge, data.challenge)) throw apiError("INVALID_TOKEN");
  const user = await findUserById(app.db, data.userId);
  if (!user) throw apiError("INVALID_TOKEN");
  return { user, providerId: data.providerId };
}
