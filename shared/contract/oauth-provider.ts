/**
 * Latchkey as an OpenID Connect provider (issue 23): "Sign in with Latchkey" for the self-hoster's
 * other apps. Paths and answers follow @better-auth/oauth-provider 1.7 where it defines them (its
 * client plugin works against Latchkey), and OIDC Core / Discovery, RFC 6749, 7636, 7009, 7662,
 * 7591 and RP-initiated logout where it is silent.
 *
 * Four groups:
 * - protocol endpoints relying parties call (`oauthProtocol: true`: form bodies accepted, client
 *   credentials from HTTP Basic, errors as `{ error, error_description }` per RFC 6749 §5.2);
 * - the consent page's endpoints (the console's /console/oauth2/consent?request=<id> page);
 * - a person's own grants ("Account → Connected apps");
 * - administration of clients ("Administration → Applications", `auth apps …`).
 *
 * Client shapes are snake_case OAuth client metadata (RFC 7591) as better-auth answers them.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { successSchema } from "./schemas.js";
import { OAUTH_APPLICATION_TYPES, OAUTH_TOKEN_AUTH_METHODS, OAUTH_GRANT_TYPES } from "../oauth-client-kinds.js";

const id = z.string().max(256);
const uri = z.string().max(2048);

/**
 * Scopes a client may ask for. `organizations`, `roles` and `groups` add those claims to ID tokens
 * and userinfo (`groups`: `acme`, `acme:owner`, `acme/Ops` — docs/oidc-provider.md).
 */
export const OAUTH_SCOPES = ["openid", "profile", "email", "offline_access", "organizations", "roles", "groups"] as const;
export const ID_TOKEN_ALGS = ["RS256", "EdDSA", "ES256"] as const;

/** An OAuth client as its owner or an administrator sees it (never the secret, except once). */
export const oauthClientSchema = z.object({
  client_id: z.string(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  tos_uri: z.string().optional(),
  policy_uri: z.string().optional(),
  contacts: z.array(z.string()).optional(),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()).optional(),
  backchannel_logout_uri: z.string().optional(),
  backchannel_logout_session_required: z.boolean().optional(),
  /** Space-separated scopes the client may ask for. */
  scope: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  /** "none" for a public client (PKCE required), "client_secret_basic" or "client_secret_post" for a confidential one. */
  token_endpoint_auth_method: z.string().optional(),
  application_type: z.enum(["web", "native"]).optional(),
  /** Unix seconds. */
  client_id_issued_at: z.number().optional(),
  /** Present (0 = never expires) when the client has a secret. */
  client_secret_expires_at: z.number().optional(),
  /** The user who registered it (dynamic registration), absent for administrator-made clients. */
  user_id: z.string().optional(),
  disabled: z.boolean().optional(),
  /** First-party: no consent page. */
  skip_consent: z.boolean().optional(),
  enable_end_session: z.boolean().optional(),
  require_pkce: z.boolean().optional(),
  /** Latchkey: the ID token's signing algorithm (default RS256). */
  id_token_signed_response_alg: z.enum(ID_TOKEN_ALGS).optional(),
  /** Latchkey: "jwt" (RFC 9068) or "opaque" access tokens (default jwt). */
  access_token_format: z.enum(["jwt", "opaque"]).optional(),
  /** Latchkey: this app's own claims in ID tokens and userinfo, name → `user.FIELD` or `literal:TEXT` (docs/oidc-provider.md). */
  custom_claims: z.record(z.string(), z.string()).optional(),
  /** Latchkey: who may use the app (any one rule suffices; none set: anyone) — organization slugs, `slug/team` names, global roles. */
  allowed_organizations: z.array(z.string()).optional(),
  allowed_teams: z.array(z.string()).optional(),
  allowed_roles: z.array(z.string()).optional(),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

/** The answer to create and rotate-secret: the only time the secret is shown. */
const withSecret = oauthClientSchema.extend({ client_secret: z.string().optional() });

/** What an administrator or a registering app may set. */
const clientFields = {
  client_name: z.string().min(1).max(256).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  tos_uri: uri.optional(),
  policy_uri: uri.optional(),
  contacts: z.array(z.string().max(256)).max(16).optional(),
  redirect_uris: z.array(uri).min(1).max(32).optional(),
  post_logout_redirect_uris: z.array(uri).max(32).optional(),
  backchannel_logout_uri: uri.optional(),
  backchannel_logout_session_required: z.boolean().optional(),
  scope: z.string().max(1024).optional(),
  grant_types: z.array(z.enum(OAUTH_GRANT_TYPES)).min(1).optional(),
  response_types: z.array(z.literal("code")).optional(),
  token_endpoint_auth_method: z.enum(OAUTH_TOKEN_AUTH_METHODS).optional(),
  application_type: z.enum(OAUTH_APPLICATION_TYPES).optional(),
};
const adminClientFields = {
  ...clientFields,
  skip_consent: z.boolean().optional(),
  enable_end_session: z.boolean().optional(),
  /** A confidential client that must send PKCE too (a public one always must). */
  require_pkce: z.boolean().optional(),
  id_token_signed_response_alg: z.enum(ID_TOKEN_ALGS).optional(),
  access_token_format: z.enum(["jwt", "opaque"]).optional(),
  /** This app's own claims, name → `user.FIELD` or `literal:TEXT`; registered claim names are refused. Administrators only: dynamic registration cannot set them. */
  custom_claims: z.record(z.string().max(64), z.string().max(1100)).optional(),
  /** Who may use the app: members of these organizations (slugs), of these teams (`slug/team`), or people with these global roles; anyone else gets access_denied. Empty lists: anyone. */
  allowed_organizations: z.array(z.string().min(1).max(128)).max(64).optional(),
  allowed_teams: z.array(z.string().min(3).max(300)).max(64).optional(),
  allowed_roles: z.array(z.string().min(1).max(64)).max(64).optional(),
};

/** A person's remembered consent to one app (better-auth's oauthConsent, with the app's name and logo). */
export const oauthGrantSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Latchkey: for the Connected apps list. */
  clientName: z.string().nullable(),
  logoUri: z.string().nullable(),
});
export type OAuthGrant = z.infer<typeof oauthGrantSchema>;

/** A client's grant as an administrator sees it: who granted what. */
const clientGrantSchema = oauthGrantSchema.extend({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) });

/** Loose: the protocol endpoints check their own parameters and answer RFC errors. */
const protocolString = z.string().max(8192).optional();

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** What a client's app tells a person on the consent page. */
const publicClientSchema = z.object({
  client_id: z.string(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  tos_uri: z.string().optional(),
  policy_uri: z.string().optional(),
});

const discoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
});

export const oauthProviderEndpoints = {
  // ── Discovery ────────────────────────────────────────────────────────────────────────────
  oauthOpenIdConfiguration: endpoint({
    method: "GET",
    path: "/.well-known/openid-configuration",
    summary: "OpenID Provider metadata (OIDC Discovery 1.0); issuer = <base URL><basePath>; also served at the server root",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    alsoAtRoot: true,
    response: discoverySchema,
  }),
  oauthAuthorizationServerMetadata: endpoint({
    method: "GET",
    path: "/.well-known/oauth-authorization-server",
    summary: "OAuth 2.0 Authorization Server metadata (RFC 8414); also served at the server root",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    alsoAtRoot: true,
    response: discoverySchema,
  }),

  // ── Protocol ─────────────────────────────────────────────────────────────────────────────
  oauth2Authorize: endpoint({
    method: "GET",
    path: "/oauth2/authorize",
    summary:
      "Authorization endpoint (code flow, PKCE S256). Redirects to the console's sign-in page (/console/sign-in?return=…), then to its consent page (/console/oauth2/consent?request=<id>), then to the client's redirect_uri with code and state; a bad client_id or redirect_uri answers an error page and never redirects",
    tags: ["oauth-provider"],
    access: "optional-session",
    oauthProtocol: true,
    redirects: true,
    query: z
      .object({
        response_type: protocolString,
        client_id: protocolString,
        redirect_uri: protocolString,
        scope: protocolString,
        state: protocolString,
        nonce: protocolString,
        code_challenge: protocolString,
        code_challenge_method: protocolString,
        prompt: protocolString,
        max_age: protocolString,
        login_hint: protocolString,
        response_mode: protocolString,
        /** RFC 8707: the API the access token is for (one of oauthProvider.resources); it becomes the token's `aud`. */
        resource: protocolString,
        /** Latchkey: when the provider sent the person to sign in (ms, signed by the server); a session that signed in after it satisfies prompt=login and max_age. */
        signed_in: protocolString,
      })
      .strict(),
    response: oauthErrorSchema,
  }),
  oauth2Token: endpoint({
    method: "POST",
    path: "/oauth2/token",
    summary: "Token endpoint: authorization_code (with code_verifier), refresh_token (rotating; a reused one revokes its family), client_credentials, urn:ietf:params:oauth:grant-type:device_code (RFC 8628: authorization_pending, slow_down, expired_token, access_denied)",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    body: z
      .object({
        grant_type: protocolString,
        code: protocolString,
        redirect_uri: protocolString,
        code_verifier: protocolString,
        refresh_token: protocolString,
        scope: protocolString,
        /** RFC 8707: the API the access token is for (one of oauthProvider.resources); it becomes the token's `aud`. */
        resource: protocolString,
        client_id: protocolString,
        client_secret: protocolString,
        /** RFC 8628: the device code of the device_code grant. */
        device_code: protocolString,
      })
      .strict(),
    response: z.union([
      z.object({
        access_token: z.string(),
        token_type: z.literal("Bearer"),
        expires_in: z.number(),
        /** Unix seconds (better-auth adds it). */
        expires_at: z.number().optional(),
        scope: z.string(),
        id_token: z.string().optional(),
        refresh_token: z.string().optional(),
      }),
      oauthErrorSchema,
    ]),
  }),
  oauth2UserInfo: endpoint({
    method: "GET",
    path: "/oauth2/userinfo",
    summary: "The signed-in person's claims for an access token (Authorization: Bearer), per the granted scopes",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    response: z.union([
      z.looseObject({
        sub: z.string(),
        email: z.string().optional(),
        email_verified: z.boolean().optional(),
        name: z.string().optional(),
        picture: z.string().optional(),
        preferred_username: z.string().optional(),
        organizations: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), role: z.string() })).optional(),
        roles: z.array(z.string()).optional(),
        groups: z.array(z.string()).optional(),
      }),
      oauthErrorSchema,
    ]),
  }),
  oauth2Introspect: endpoint({
    method: "POST",
    path: "/oauth2/introspect",
    summary: "Token introspection (RFC 7662) for an authenticated client; a banned or deleted user's tokens are inactive",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    body: z.object({ token: protocolString, token_type_hint: protocolString, client_id: protocolString, client_secret: protocolString }).strict(),
    response: z.union([
      z.looseObject({
        active: z.boolean(),
        scope: z.string().optional(),
        client_id: z.string().optional(),
        sub: z.string().optional(),
        exp: z.number().optional(),
        iat: z.number().optional(),
        token_type: z.string().optional(),
        iss: z.string().optional(),
        sid: z.string().optional(),
      }),
      oauthErrorSchema,
    ]),
  }),
  oauth2Revoke: endpoint({
    method: "POST",
    path: "/oauth2/revoke",
    summary: "Token revocation (RFC 7009): an access or refresh token (a refresh token takes its family); unknown tokens answer 200 too",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    body: z.object({ token: protocolString, token_type_hint: protocolString, client_id: protocolString, client_secret: protocolString }).strict(),
    response: z.union([z.object({}), oauthErrorSchema]),
  }),
  oauth2EndSession: endpoint({
    method: "GET",
    path: "/oauth2/end-session",
    summary:
      "RP-initiated logout. With an ID token hint naming this browser's session: ends it, notifies back-channel logout URIs, redirects to a registered post_logout_redirect_uri with state. Otherwise, with a session: redirects to the console's confirmation page (/console/oauth2/end-session?request=<id>); without one: nothing to end",
    tags: ["oauth-provider"],
    access: "optional-session",
    oauthProtocol: true,
    redirects: true,
    query: z.object({ id_token_hint: protocolString, client_id: protocolString, post_logout_redirect_uri: protocolString, state: protocolString }).strict(),
    response: z.union([z.object({ message: z.string(), redirect_uri: z.string().optional() }), oauthErrorSchema]),
  }),
  oauth2EndSessionDetails: endpoint({
    method: "GET",
    path: "/oauth2/end-session-details",
    summary: "The sign-out an app asked for, waiting on the console's confirmation page: the app (null when it did not name itself) and the account that would sign out. Only the browser session it was made for",
    tags: ["oauth-provider"],
    access: "session",
    query: z.object({ request: id }).strict(),
    response: z.object({ request: z.string(), client: publicClientSchema.nullable(), account: z.object({ email: z.string(), name: z.string() }) }),
  }),
  oauth2EndSessionConfirm: endpoint({
    method: "POST",
    path: "/oauth2/end-session-confirm",
    summary:
      "The person's answer on the confirmation page: accept ends this browser's session (tokens revoked, apps told); either way the answer names the app's post_logout_redirect_uri when it came with a valid ID token hint. Same-origin only (cookie-bearing write); the request is spent",
    tags: ["oauth-provider"],
    access: "session",
    body: z.object({ request: id, accept: z.boolean() }).strict(),
    response: z.object({ redirect_uri: z.string().optional() }),
  }),
  oauth2Register: endpoint({
    method: "POST",
    path: "/oauth2/register",
    summary:
      "Dynamic client registration (RFC 7591); off unless oauthProvider.allowDynamicClientRegistration; a signed-in caller becomes the owner (user_id). The secret is in this answer only",
    tags: ["oauth-provider"],
    access: "optional-session",
    oauthProtocol: true,
    body: z.object(clientFields).strict(),
    response: z.union([withSecret, oauthErrorSchema]),
  }),
  oauth2GetClient: endpoint({
    method: "GET",
    path: "/oauth2/get-client",
    summary: "A client the caller registered (or any client, for an administrator with oauthClient:read), without its secret",
    tags: ["oauth-provider"],
    access: "session",
    query: z.object({ client_id: id }).strict(),
    response: oauthClientSchema,
  }),
  oauth2PublicClient: endpoint({
    method: "GET",
    path: "/oauth2/public-client",
    summary: "A client's public fields (name, logo, links)",
    tags: ["oauth-provider"],
    access: "session",
    query: z.object({ client_id: id }).strict(),
    response: publicClientSchema,
  }),

  // ── Consent page (/console/oauth2/consent?request=<id>) ─────────────────────────────────
  oauth2ConsentDetails: endpoint({
    method: "GET",
    path: "/oauth2/consent-details",
    summary: "The pending authorization request the consent page shows: the app, the requested scopes and the account that would grant them",
    tags: ["oauth-provider"],
    access: "session",
    credentials: "grant",
    query: z.object({ request: id }).strict(),
    response: z.object({
      request: z.string(),
      client: publicClientSchema,
      /** Requested scopes in order; the page names each (renderer i18n), unknown ones are never requested. */
      scopes: z.array(z.string()),
      /** Scopes this person already granted this app (a new consent asks for more). */
      previouslyGranted: z.array(z.string()),
      account: z.object({ id: z.string(), email: z.string(), name: z.string(), image: z.string().nullable() }),
      /**
       * The app's request again (a same-origin /oauth2/authorize path): "Switch account" signs
       * another account in with this as the sign-in page's `return`, so the same request is
       * answered as that account. Null for a request made before the server kept it.
       */
      returnTo: z.string().nullable(),
    }),
  }),
  oauth2Consent: endpoint({
    method: "POST",
    path: "/oauth2/consent",
    summary:
      "Allow or deny the pending request; the answer names where the browser goes next (the client's redirect_uri with a code, or with error=access_denied). The person's own session only: never an API key or an impersonation",
    tags: ["oauth-provider"],
    access: "session",
    credentials: "grant",
    body: z
      .object({
        accept: z.boolean(),
        /** The pending request's id (the consent page's ?request=). */
        request: id,
        /** Space-separated subset of the requested scopes; absent = all requested. */
        scope: z.string().max(1024).optional(),
      })
      .strict(),
    response: z.object({ redirect_uri: z.string() }),
  }),

  // ── A person's own grants (Account → Connected apps) ─────────────────────────────────────
  oauth2GetConsents: endpoint({
    method: "GET",
    path: "/oauth2/get-consents",
    summary: "The apps the signed-in person has granted access, with the scopes",
    tags: ["oauth-provider"],
    access: "session",
    response: z.array(oauthGrantSchema),
  }),
  oauth2DeleteConsent: endpoint({
    method: "POST",
    path: "/oauth2/delete-consent",
    summary: "Revoke a grant: the consent is forgotten and the app's refresh and access tokens for this person stop working",
    tags: ["oauth-provider"],
    access: "session",
    body: z.object({ id }).strict(),
    response: successSchema,
  }),

  // ── Administration → Applications (`auth apps …`) ────────────────────────────────────────
  adminOAuthCreateClient: endpoint({
    method: "POST",
    path: "/admin/oauth2/create-client",
    summary:
      "Create a client; a confidential one's secret is in this answer only (stored as a digest). An administrator's own session, or an API key whose permissions name oauthClient:create (never a full-rights key, never an impersonation)",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:create",
    body: z.object({ ...adminClientFields, client_name: z.string().min(1).max(256), redirect_uris: z.array(uri).max(32).optional() }).strict(),
    response: withSecret,
  }),
  adminOAuthListClients: endpoint({
    method: "GET",
    path: "/admin/oauth2/list-clients",
    summary: "Every client, newest first, without secrets",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:read",
    response: z.object({ clients: z.array(oauthClientSchema) }),
  }),
  adminOAuthGetClient: endpoint({
    method: "GET",
    path: "/admin/oauth2/get-client",
    summary: "One client, without its secret",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:read",
    query: z.object({ client_id: id }).strict(),
    response: oauthClientSchema,
  }),
  adminOAuthUpdateClient: endpoint({
    method: "POST",
    path: "/admin/oauth2/update-client",
    summary:
      "Change a client's settings; only the fields given change (not its id, secret, owner or kind: token_endpoint_auth_method may move between client_secret_basic and client_secret_post, never to or from none). An administrator's own session, or an API key whose permissions name oauthClient:update",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:update",
    // A misspelt field (require_pcke) or one no caller sets (client_id, user_id, disabled) must
    // not answer 200 having changed nothing: the caller would believe the app is protected.
    unknownKeys: "reject",
    body: z.object({ client_id: id, update: z.object(adminClientFields).strict() }).strict(),
    response: oauthClientSchema,
  }),
  adminOAuthRotateSecret: endpoint({
    method: "POST",
    path: "/admin/oauth2/rotate-secret",
    summary: "A new secret for a confidential client, shown in this answer only; the old one stops working at once. An administrator's own session, or an API key whose permissions name oauthClient:update",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:update",
    body: z.object({ client_id: id }).strict(),
    response: withSecret.extend({ client_secret: z.string() }),
  }),
  adminOAuthSetClientDisabled: endpoint({
    method: "POST",
    path: "/admin/oauth2/set-client-disabled",
    summary: "Disable (or enable) a client: a disabled client's authorize, token and userinfo calls are refused and its tokens are inactive",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:update",
    body: z.object({ client_id: id, disabled: z.boolean() }).strict(),
    response: oauthClientSchema,
  }),
  adminOAuthDeleteClient: endpoint({
    method: "POST",
    path: "/admin/oauth2/delete-client",
    summary: "Delete a client with its grants and tokens",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:delete",
    body: z.object({ client_id: id }).strict(),
    response: successSchema,
  }),
  adminOAuthClientChoices: endpoint({
    method: "GET",
    path: "/admin/oauth2/client-choices",
    summary:
      "Latchkey extension: what an app's settings may name — the user fields a custom claim may read (additional fields included), the global roles, and the organizations (first 500 by slug) with their teams for the access rules. For whoever may create or update clients (an API key only when its permissions name oauthClient:create or :update)",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:create or oauthClient:update",
    response: z.object({
      userFields: z.array(z.string()),
      roles: z.array(z.string()),
      organizations: z.array(z.object({ slug: z.string(), name: z.string(), teams: z.array(z.string()) })),
      truncated: z.boolean(),
    }),
  }),
  adminOAuthListClientGrants: endpoint({
    method: "GET",
    path: "/admin/oauth2/list-client-grants",
    summary: "Who has granted a client access, with the scopes",
    tags: ["admin", "oauth-provider"],
    access: "session",
    requires: "oauthClient:read",
    query: z.object({ client_id: id }).strict(),
    response: z.object({ grants: z.array(clientGrantSchema) }),
  }),
} as const;
