/** Passkeys (WebAuthn), better-auth 1.7's passkey plugin paths and shapes. */
import { z } from "zod";
import { orTwoFactorRedirect } from "./two-factor.js";
import { endpoint } from "./endpoint.js";
import { isoDate, sessionSchema, userSchema } from "./schemas.js";

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

/** WebAuthn options JSON (from @simplewebauthn/server), passed to the browser as they are. */
const optionsSchema = z.object({ challenge: z.string() }).passthrough();
/** The browser's credential JSON (RegistrationResponseJSON / AuthenticationResponseJSON). */
const credentialSchema = z.object({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.string(), response: z.record(z.string(), z.unknown()) }).passthrough();

export const passkeyEndpoints = {
  passkeyGenerateRegisterOptions: endpoint({
    method: "GET",
    path: "/passkey/generate-register-options",
    summary: "WebAuthn creation options for a new passkey of the signed-in user (challenge kept 5 minutes)",
    tags: ["passkey"],
    access: "fresh-session",
    credentials: "manage",
    query: z.object({ authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(), name: z.string().max(256).optional(), context: z.string().max(256).optional() }).strict(),
    response: optionsSchema,
  }),
  passkeyVerifyRegistration: endpoint({
    method: "POST",
    path: "/passkey/verify-registration",
    summary: "Store the new passkey after checking the authenticator's answer",
    tags: ["passkey"],
    access: "fresh-session",
    credentials: "manage",
    body: z.object({ response: credentialSchema, name: z.string().max(256).optional(), createSession: z.boolean().optional() }).strict(),
    response: passkeySchema,
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
