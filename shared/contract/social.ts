/**
 * Social sign-in: better-auth 1.7's social routes (sign-in/social, callback, link-social, token
 * access), its generic-OAuth plugin's older paths, Google one-tap, and Latchkey's `/providers`
 * listing. Provider ids are free strings here: the server knows which are configured.
 */
import { z } from "zod";
import { orTwoFactorRedirect } from "./two-factor.js";
import { endpoint } from "./endpoint.js";
import { callbackField, userSchema } from "./schemas.js";
import { handOffParam } from "./electron.js";

const providerField = z.string().min(1).max(64);
const scopesField = z.array(z.string().max(256)).max(50);

const idTokenField = z
  .object({
    token: z.string().min(1).max(16384),
    nonce: z.string().max(512).optional(),
    accessToken: z.string().max(16384).optional(),
    refreshToken: z.string().max(16384).optional(),
    expiresAt: z.number().optional(),
    /** Apple sends the name only once, beside the first ID token. */
    user: z
      .object({ name: z.object({ firstName: z.string().max(256).optional(), lastName: z.string().max(256).optional() }).optional(), email: z.string().max(254).optional() })
      .optional(),
  })
  .strict();

/** Extra authorize parameters a caller may add; the protocol's own keys are refused by the server. */
const additionalParams = z.record(z.string().max(64), z.string().max(1024)).optional();
const additionalData = z.record(z.string(), z.unknown()).optional();

const redirectAnswer = z.object({ url: z.string(), redirect: z.boolean() });
const signedInAnswer = z.object({ redirect: z.literal(false), token: z.string(), url: z.undefined().optional(), user: userSchema });

/** What a provider may send back to the callback (query or form_post body). Unknown keys are kept for the provider's hooks. */
const callbackParams = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});

const accountSelection = z
  .object({ providerId: z.string().max(64).optional(), accountId: z.string().max(512).optional(), userId: z.string().max(64).optional() })
  .strict();

/**
 * A host name as the CLI reports it: shown to a person deciding whether to approve, so no
 * control or formatting characters (line breaks, right-to-left overrides) that could disguise it.
 */
const cliHostField = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u);

export const providerInfoSchema = z.object({ id: z.string(), name: z.string() });

export const socialEndpoints = {
  listProviders: endpoint({
    method: "GET",
    path: "/providers",
    summary: "Configured social providers (ids and display names; never secrets), and whether magic links and email codes are on, for sign-in pages — Latchkey extension",
    tags: ["social"],
    access: "public",
    response: z.object({ providers: z.array(providerInfoSchema), oneTap: z.boolean(), magicLink: z.boolean(), emailOTP: z.boolean(), passkeySignUp: z.boolean(), sso: z.boolean() }),
  }),
  signInSocial: endpoint({
    method: "POST",
    path: "/sign-in/social",
    summary: "Start a social sign-in (authorize URL), or sign in with a provider's ID token",
    tags: ["social"],
    locationHeader: true,
    access: "public",
    startsSession: "sign-in",
    body: z
      .object({
        provider: providerField,
        callbackURL: callbackField.optional(),
        newUserCallbackURL: callbackField.optional(),
        errorCallbackURL: callbackField.optional(),
        disableRedirect: z.boolean().optional(),
        idToken: idTokenField.optional(),
        scopes: scopesField.optional(),
        loginHint: z.string().max(512).optional(),
        requestSignUp: z.boolean().optional(),
        additionalParams,
        additionalData,
      })
      .strict(),
    // Or, with an ID token for a user with two-factor on: {twoFactorRedirect, twoFactorMethods}.
    response: z.union([orTwoFactorRedirect(signedInAnswer), redirectAnswer]),
  }),
  socialCallback: endpoint({
    method: "GET",
    path: "/callback/{id}",
    summary: "Where the provider sends the browser back; redirects to callbackURL or errorCallbackURL?error=…",
    tags: ["social"],
    access: "optional-session",
    startsSession: "sign-in",
    params: z.object({ id: providerField }),
    query: callbackParams,
    response: z.object({}),
    redirects: true,
  }),
  socialCallbackPost: endpoint({
    method: "POST",
    path: "/callback/{id}",
    summary: "form_post callback (Apple): answered with a GET redirect to the same callback so Lax cookies arrive",
    tags: ["social"],
    access: "public",
    crossSitePost: true,
    params: z.object({ id: providerField }),
    body: callbackParams,
    response: z.object({}),
    redirects: true,
  }),
  linkSocial: endpoint({
    method: "POST",
    path: "/link-social",
    summary: "Link a provider account to the signed-in user (authorize URL, or an ID token at once)",
    tags: ["social"],
    locationHeader: true,
    access: "session",
    credentials: "manage",
    body: z
      .object({
        provider: providerField,
        callbackURL: callbackField.optional(),
        errorCallbackURL: callbackField.optional(),
        disableRedirect: z.boolean().optional(),
        idToken: idTokenField.optional(),
        requestSignUp: z.boolean().optional(),
        scopes: scopesField.optional(),
        loginHint: z.string().max(512).optional(),
        additionalParams,
        additionalData,
      })
      .strict(),
    response: z.object({ url: z.string(), redirect: z.boolean(), status: z.boolean().optional() }),
  }),
  signInOAuth2: endpoint({
    method: "POST",
    path: "/sign-in/oauth2",
    summary: "Start a sign-in with a generic OAuth/OIDC provider (older generic-OAuth plugin path)",
    tags: ["social"],
    locationHeader: true,
    access: "public",
    body: z
      .object({
        providerId: providerField,
        callbackURL: callbackField.optional(),
        newUserCallbackURL: callbackField.optional(),
        errorCallbackURL: callbackField.optional(),
        disableRedirect: z.boolean().optional(),
        scopes: scopesField.optional(),
        requestSignUp: z.boolean().optional(),
        additionalData,
      })
      .strict(),
    response: redirectAnswer,
  }),
  oauth2Callback: endpoint({
    method: "GET",
    path: "/oauth2/callback/{providerId}",
    summary: "Callback of the older generic-OAuth plugin path (same flow as /callback/{id})",
    tags: ["social"],
    access: "optional-session",
    startsSession: "sign-in",
    params: z.object({ providerId: providerField }),
    query: callbackParams,
    response: z.object({}),
    redirects: true,
  }),
  oauth2Link: endpoint({
    method: "POST",
    path: "/oauth2/link",
    summary: "Link a generic OAuth/OIDC account to the signed-in user (older generic-OAuth plugin path)",
    tags: ["social"],
    locationHeader: true,
    access: "session",
    credentials: "manage",
    body: z
      .object({ providerId: providerField, callbackURL: callbackField, errorCallbackURL: callbackField.optional(), scopes: scopesField.optional() })
      .strict(),
    response: redirectAnswer,
  }),
  getAccessToken: endpoint({
    method: "POST",
    path: "/get-access-token",
    summary: "A valid provider access token for one of the caller's accounts (refreshed when expired)",
    tags: ["social"],
    access: "session",
    body: accountSelection,
    response: z.object({ accessToken: z.string(), accessTokenExpiresAt: z.string().optional(), scopes: z.array(z.string()), idToken: z.string().optional() }),
  }),
  refreshToken: endpoint({
    method: "POST",
    path: "/refresh-token",
    summary: "Refresh a provider access token now",
    tags: ["social"],
    access: "session",
    body: accountSelection,
    response: z.object({
      accessToken: z.string(),
      refreshToken: z.string(),
      accessTokenExpiresAt: z.string().optional(),
      refreshTokenExpiresAt: z.string().optional(),
      scope: z.string().nullable(),
      idToken: z.string().optional(),
      providerId: z.string(),
      accountId: z.string(),
    }),
  }),
  accountInfo: endpoint({
    method: "GET",
    path: "/account-info",
    summary: "The provider's current profile for one of the caller's accounts",
    tags: ["social"],
    access: "session",
    query: accountSelection,
    response: z.object({
      user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), image: z.string().nullable(), emailVerified: z.boolean() }),
      data: z.record(z.string(), z.unknown()),
      account: z.object({ id: z.string(), providerId: z.string(), accountId: z.string() }),
    }),
  }),
  cliSocialStart: endpoint({
    method: "POST",
    path: "/cli/sign-in/social",
    summary: "CLI login through the system browser: the provider's URL and the code the CLI shows; after the provider, the person approves the sign-in on a Latchkey page, and only then does the browser reach the CLI's loopback address with a one-time code — Latchkey extension",
    tags: ["social"],
    access: "public",
    body: z
      .object({
        provider: providerField,
        /** http://127.0.0.1:<port>/… (RFC 8252 loopback redirect); nothing else is accepted. */
        loopbackURL: z.string().max(512),
        /** base64url(SHA-256(verifier)); the verifier is shown only to /cli/sign-in/social/token. */
        challenge: z.string().min(43).max(128),
        /** The CLI's own random value, echoed to its loopback address: it answers nothing without it. */
        state: z.string().min(32).max(128).regex(/^[A-Za-z0-9_-]+$/),
        /** The machine the CLI runs on (its host name), shown on the approval page. */
        host: cliHostField,
      })
      .strict(),
    /** userCode: shown by the CLI and on the approval page, so the person can tell the two belong together. */
    response: z.object({ url: z.string(), userCode: z.string() }),
  }),
  cliSocialApproval: endpoint({
    method: "GET",
    path: "/cli/sign-in/social/approval",
    summary: "CLI login: the page that asks the person who just signed in at the provider to approve or deny the command line's sign-in (HTML; tied to the browser by a signed cookie) — Latchkey extension",
    tags: ["social"],
    access: "public",
    response: z.string().describe("text/html page with Approve and Deny buttons"),
  }),
  cliSocialDecide: endpoint({
    method: "POST",
    path: "/cli/sign-in/social/approval",
    summary: "CLI login: the approval page's form; approve redirects to the CLI's loopback address with a one-time code, deny with error=access_denied — Latchkey extension",
    tags: ["social"],
    access: "public",
    body: z.object({ csrf: z.string().min(1).max(128), decision: z.enum(["approve", "deny"]) }).strict(),
    response: z.string().describe("text/html page when the request has expired or was already answered"),
    redirects: true,
  }),
  cliSocialToken: endpoint({
    method: "POST",
    path: "/cli/sign-in/social/token",
    summary: "CLI login: trade the one-time code and the verifier for a session — Latchkey extension",
    tags: ["social"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({ code: z.string().min(1).max(128), verifier: z.string().min(43).max(128) }).strict(),
    response: orTwoFactorRedirect(z.object({ token: z.string(), user: userSchema })),
  }),
  oneTapCallback: endpoint({
    method: "POST",
    path: "/one-tap/callback",
    summary: "Google one-tap: sign in or up with a Google ID token",
    tags: ["social"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({ idToken: z.string().min(1).max(16384), callbackURL: callbackField.optional() }).strict(),
    response: orTwoFactorRedirect(z.object({ token: z.string(), user: userSchema })),
  }),
  electronInitOAuthProxy: endpoint({
    method: "GET",
    path: "/electron/init-oauth-proxy",
    summary: "Start a social sign-in for the desktop app: redirects to the provider; the sign-in ends with a hand-off code",
    tags: ["electron"],
    access: "public",
    query: z.object({
      provider: z.string().min(1).max(64),
      state: handOffParam,
      code_challenge: handOffParam,
      /** Latchkey extension: where the browser lands after the provider (default: the console's sign-in page, which passes the code on). */
      callbackURL: callbackField.optional(),
      errorCallbackURL: callbackField.optional(),
    }),
    response: z.object({ url: z.string().nullable(), redirect: z.boolean() }),
    redirects: true,
  }),
} as const;
