/** Passkeys (WebAuthn), better-auth 1.7's passkey plugin paths and shapes. */
import { z } from "zod";
import { orTwoFactorRedirect } from "./two-factor.js";
import { endpoint } from "./endpoint.js";
import { emailField, isoDate, sessionSchema, userSchema } from "./schemas.js";
import { nameField } from "./text-fields.js";

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  publicKey: z.string(),
  userId: z.string(),
  credentialID: z.string(),
  counter: z.number(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  transports: z.string().nullable(),
  createdAt: isoDate,
  aaguid: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * What `generate-register-options?context=` carries for a passkey-first sign-up (JSON text): the
 * new account's address and name. Other keys (role, banned, emailVerified, …) are dropped: a
 * stranger chooses nothing else about the account.
 */
export const passkeySignUpContextSchema = z.object({ email: emailField, name: nameField().optional() });

/** WebAuthn options JSON (from @simplewebauthn/server), passed to the browser as they are. */
const optionsSchema = z.object({ challenge: z.string() }).passthrough();
/** The browser's credential JSON (RegistrationResponseJSON / AuthenticationResponseJSON). */
const credentialSchema = z.object({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.string(), response: z.record(z.string(), z.unknown()) }).passthrough();

export const passkeyEndpoints = {
  passkeyGenerateRegisterOptions: endpoint({
    method: "GET",
    path: "/passkey/generate-register-options",
    summary: "WebAuthn creation options for a new passkey of the signed-in user, or with no session and `context` for a new account (challenge kept 5 minutes)",
    tags: ["passkey"],
    // With a session: the signed-in user's own fresh session (credentials "manage"). Without one:
    // passkey-first sign-up, `context` naming the new account (passkeySignUpContextSchema).
    access: "optional-session",
    credentials: "manage",
    query: z.object({ authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(), name: z.string().max(256).optional(), context: z.string().max(2048).optional() }).strict(),
    response: optionsSchema,
  }),
  passkeyVerifyRegistration: endpoint({
    method: "POST",
    path: "/passkey/verify-registration",
    summary: "Store the new passkey after checking the authenticator's answer; after a sign-up ceremony, create the account too (signed in with createSession)",
    tags: ["passkey"],
    access: "optional-session",
    credentials: "manage",
    // A passkey-first sign-up ends in the sign-in core (a new account has no second factor to hold).
    startsSession: "sign-in",
    body: z.object({ response: credentialSchema, name: z.string().max(256).optional(), createSession: z.boolean().optional() }).strict(),
    // better-auth's shape: the passkey, plus `session` and `user` when a sign-up asked for a session.
    response: z.union([passkeySchema.extend({ session: sessionSchema, user: userSchema }), passkeySchema]),
  }),
  passkeyGenerateAuthenticateOptions: endpoint({
    method: "GET",
    path: "/passkey/generate-authenticate-options",
    summary: "WebAuthn request options for signing in (discoverable credentials; conditional UI)",
    tags: ["passkey"],
    access: "optional-session",
    response: optionsSchema,
  }),
  passkeyVerifyAuthentication: endpoint({
    method: "POST",
    path: "/passkey/verify-authentication",
    summary: "Sign in with a passkey (satisfies a two-factor requirement)",
    tags: ["passkey"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({ response: credentialSchema }).strict(),
    // Or, for a two-factor user whose authenticator did not verify them (touch only): the second step.
    response: orTwoFactorRedirect(z.object({ session: sessionSchema, user: userSchema })),
  }),
  passkeyListUserPasskeys: endpoint({
    method: "GET",
    path: "/passkey/list-user-passkeys",
    summary: "The signed-in user's passkeys",
    tags: ["passkey"],
    access: "session",
    response: z.array(passkeySchema),
  }),
  passkeyDeletePasskey: endpoint({
    method: "POST",
    path: "/passkey/delete-passkey",
    summary: "Delete one of the signed-in user's passkeys",
    tags: ["passkey"],
    access: "session",
    credentials: "manage",
    body: z.object({ id: z.string().min(1).max(256) }).strict(),
    response: z.object({ status: z.boolean() }),
  }),
  passkeyUpdatePasskey: endpoint({
    method: "POST",
    path: "/passkey/update-passkey",
    summary: "Rename one of the signed-in user's passkeys",
    tags: ["passkey"],
    access: "session",
    body: z.object({ id: z.string().min(1).max(256), name: z.string().trim().min(1).max(256) }).strict(),
    response: z.object({ passkey: passkeySchema }),
  }),
} as const;
