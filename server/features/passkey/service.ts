/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. The relying party is the base URL's host; the
 * challenge of each ceremony is kept server-side for 5 minutes and the browser holds only a
 * random handle to it (signed `passkey_challenge` cookie), used once. Sign-in asks for a
 * discoverable credential (no user named first), which also serves conditional UI (autofill).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId, randomString } from "../../crypto/tokens.js";
import type { PasskeyRow, UserRow } from "../../db/types.js";
import type { BrowserSessions } from "../../http/handler.js";
import { createOriginPolicy } from "../../http/trusted-origins.js";
import { consume, issue } from "../../core/one-time.js";
import { findUserById } from "../../core/user/store.js";
import { removeUser } from "../../core/user/remove-user.js";
import { createPasskeyAccount, signUpOf, type PasskeySignUp } from "./sign-up.js";
import * as store from "./store.js";

export const CHALLENGE_COOKIE = "passkey_challenge";
const CHALLENGE_SECONDS = 300;

interface Ceremony {
  type: "registration" | "authentication";
  challenge: string;
  userId: string | null;
  /** A passkey-first sign-up (no session): the account to create (sign-up.ts). */
  signUp?: PasskeySignUp;
}

/**
 * The relying party: the base URL's host name. Browsers refuse an IP address, so a server on a
 * loopback address (the default http://127.0.0.1:3000) uses `localhost`, the name of the same
 * server whose origin it also trusts (issue 33; the console explains this on 127.0.0.1).
 */
function rpID(app: AppContext): string {
  const host = new URL(app.baseURL).hostname;
  return /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]" ? "localhost" : host;
}

/**
 * The relying parties an answer may name: the one above, and the base URL's own host for
 * credentials made before (by a non-browser client, or imported from better-auth) under it.
 */
function acceptedRPIDs(app: AppContext): string[] {
  const host = new URL(app.baseURL).hostname;
  return host === rpID(app) ? [host] : [rpID(app), host];
}

const transportsOf = (row: PasskeyRow) => (row.transports ? (row.transports.split(",") as AuthenticatorTransportFuture[]) : undefined);

async function keepCeremony(app: AppContext, browser: BrowserSessions, ceremony: Ceremony): Promise<void> {
  const now = app.clock.now();
  const handle = randomString(32);
  await issue(app.db, now, { purpose: "passkey-challenge", secret: handle, data: ceremony, lifetimeSeconds: CHALLENGE_SECONDS, userId: ceremony.userId });
  browser.writeSigned(CHALLENGE_COOKIE, handle, CHALLENGE_SECONDS);
}

/** The ceremony this browser started, used up; CHALLENGE_NOT_FOUND when absent, expired or used. */
async function takeCeremony(app: AppContext, browser: BrowserSessions, type: Ceremony["type"]): Promise<Ceremony> {
  const handle = browser.readSigned(CHALLENGE_COOKIE);
  if (!handle) throw apiError("CHALLENGE_NOT_FOUND");
  browser.forgetSigned(CHALLENGE_COOKIE);
  const row = await consume(app.db, app.clock.now(), "passkey-challenge", handle);
  const ceremony = row?.data as Ceremony | null | undefined;
  if (!ceremony || ceremony.type !== type) throw apiError("CHALLENGE_NOT_FOUND");
  return ceremony;
}

/**
 * The origin in the authenticator's signed client data must be one this server trusts (its own,
 * or a configured trusted origin); it is then the one the signature is checked against.
 */
function expectedOrigin(app: AppContext, clientDataJSON: unknown): string {
  let origin = "";
  try {
    origin = (JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")) as { origin?: string }).origin ?? "";
  } catch {
    /* refused below */
  }
  if (!origin || !createOriginPolicy(app.baseURL, app.config.trustedOrigins).isTrusted(origin)) throw apiError("FAILED_TO_VERIFY_REGISTRATION");
  return origin;
}

/** With a session: a passkey for the signed-in user. Without: a passkey-first sign-up named by `context` (sign-up.ts). */
export async function registrationOptions(app: AppContext, browser: BrowserSessions, user: UserRow | null, query: { authenticatorAttachment?: "platform" | "cross-platform"; name?: string; context?: string }) {
  const signUp = user ? undefined : await signUpOf(app, query.context);
  const existing = user ? await store.listPasskeysOf(app.db, user.id) : [];
  const email = user?.email ?? signUp!.email;
  const options = await generateRegistrationOptions({
    rpName: app.config.appName,
    rpID: rpID(app),
    userName: query.name || email,
    userDisplayName: (user ?? signUp)!.name || email,
    // A random user handle, not the user id: the authenticator stores it, so it should reveal nothing.
    userID: new TextEncoder().encode(randomString(32)),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialID, transports: transportsOf(row) })),
    authenticatorSelection: {
      residentKey: "preferred",
      userVerification: "preferred",
      ...(query.authenticatorAttachment ? { authenticatorAttachment: query.authenticatorAttachment } : {}),
    },
  });
  await keepCeremony(app, browser, { type: "registration", challenge: options.challenge, userId: user?.id ?? null, ...(signUp ? { signUp } : {}) });
  return options as typeof options & Record<string, unknown>;
}

export interface Registration {
  passkey: PasskeyRow;
  /** The ceremony was a sign-up: the account it created, and whether it may sign in now. */
  newAccount?: { user: UserRow; signIn: boolean };
  /** The authenticator verified its user (PIN, biometric): a full sign-in for a new account. */
  userVerified: boolean;
}

/**
 * Checks the authenticator's answer against this browser's ceremony and stores the passkey: for
 * the signed-in user who started it, or, after a sign-up ceremony and with no session, for the
 * account created here.
 */
export async function verifyRegistration(app: AppContext, browser: BrowserSessions, user: UserRow | null, input: { response: Record<string, unknown>; name?: string }, acceptLanguage: string | null): Promise<Registration> {
  const ceremony = await takeCeremony(app, browser, "registration");
  if (!user && !ceremony.signUp) throw apiError("UNAUTHORIZED");
  if (user ? ceremony.userId !== user.id : ceremony.userId !== null) throw apiError("YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY");
  const response = input.response as unknown as RegistrationResponseJSON;
  const origin = expectedOrigin(app, response.response?.clientDataJSON);
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: ceremony.challenge, expectedOrigin: origin, expectedRPID: acceptedRPIDs(app), requireUserVerification: false });
  } catch {
    throw apiError("FAILED_TO_VERIFY_REGISTRATION");
  }
  if (!verification.verified || !verification.registrationInfo) throw apiError("FAILED_TO_VERIFY_REGISTRATION");
  const { credential, credentialDeviceType, credentialBackedUp, aaguid, userVerified } = verification.registrationInfo;
  if (await store.findPasskeyByCredential(app.db, credential.id)) throw apiError("FAILED_TO_VERIFY_REGISTRATION");
  const newAccount = user ? undefined : await createPasskeyAccount(app, ceremony.signUp!, acceptLanguage);
  const row: PasskeyRow = {
    id: newId(),
    name: input.name?.trim() || null,
    publicKey: Buffer.from(credential.publicKey).toString("base64"),
    userId: (user ?? newAccount!.user).id,
    credentialID: credential.id,
    counter: credential.counter,
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp ? 1 : 0,
    transports: Array.isArray(response.response?.transports) ? response.response.transports.filter((t) => typeof t === "string").join(",") : "",
    aaguid: aaguid ?? null,
    createdAt: app.clock.now(),
  };
  try {
    await store.insertPasskey(app.db, row);
  } catch (error) {
    // The same credential stored meanwhile: an account made for it would have no way in.
    if (newAccount) await removeUser(app, newAccount.user.id);
    throw error;
  }
  return { passkey: row, userVerified, ...(newAccount ? { newAccount } : {}) };
}

/** With a session, the user's own credentials are listed (re-authentication); without, any discoverable one. */
export async function authenticationOptions(app: AppContext, browser: BrowserSessions, user: UserRow | null) {
  const mine = user ? await store.listPasskeysOf(app.db, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: rpID(app),
    // Ask for user verification: only a verified assertion counts as two factors (see verifyAuthentication).
    userVerification: "required",
    ...(mine.length ? { allowCredentials: mine.map((row) => ({ id: row.credentialID, transports: transportsOf(row) })) } : {}),
  });
  await keepCeremony(app, browser, { type: "authentication", challenge: options.challenge, userId: user?.id ?? null });
  return options as typeof options & Record<string, unknown>;
}

export async function verifyAuthentication(app: AppContext, browser: BrowserSessions, input: { response: Record<string, unknown> }): Promise<{ user: UserRow; userVerified: boolean }> {
  const ceremony = await takeCeremony(app, browser, "authentication");
  const response = input.response as unknown as AuthenticationResponseJSON;
  const passkey = await store.findPasskeyByCredential(app.db, String(response.id));
  if (!passkey) throw apiError("PASSKEY_NOT_FOUND");
  let origin: string;
  try {
    origin = expectedOrigin(app, response.response?.clientDataJSON);
  } catch {
    throw apiError("AUTHENTICATION_FAILED");
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: origin,
      expectedRPID: acceptedRPIDs(app),
      credential: { id: passkey.credentialID, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64")), counter: Number(passkey.counter), transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
  } catch {
    throw apiError("AUTHENTICATION_FAILED");
  }
  if (!verification.verified) throw apiError("AUTHENTICATION_FAILED");
  await store.advanceCounter(app.db, passkey.id, verification.authenticationInfo.newCounter);
  const user = await findUserById(app.db, passkey.userId);
  if (!user) throw apiError("PASSKEY_NOT_FOUND");
  // Only an assertion made with user verification (PIN, biometric) is two factors; a touch alone
  // is one, and a user with two-factor on then goes on to the second step (completeSignIn).
  return { user, userVerified: verification.authenticationInfo.userVerified };
}
