/**
 * What a social sign-in provider is, as data. One `ProviderDefinition` per provider
 * (`providers/<id>.ts`, listed in `providers/index.ts`); the flow in `flow.ts` does the protocol
 * (PKCE, state, nonce, ID-token checks, token requests through oauth4webapi) for every provider
 * alike, so a definition only says WHERE things are and HOW the provider's answers map onto a
 * Latchkey user. A definition never sees the request, the database or the session.
 *
 * Life of a sign-in, and which field is used where:
 *   1. `/sign-in/social` builds the authorize URL from `endpoints.authorization`, `scopes` joined
 *      by `scopeSeparator`, `pkce`, `responseMode`, `authorizationParams()`; OIDC providers also
 *      get a `nonce`.
 *   2. `/callback/{id}` (GET, or POST for `responseMode: "form_post"`, turned into a GET first)
 *      checks state and the RFC 9207 `iss` against `endpoints.issuer`, then posts the code to
 *      `endpoints.token` with `clientAuthentication` (+ `clientIdParam`, `tokenParams()`).
 *      `adjustTokenResponse()` may reshape an odd token answer before it is checked.
 *   3. When `oidc` is true, the ID token is verified with jose against `endpoints.jwks`
 *      (signature), `endpoints.issuer`, audience = client id, expiry and nonce.
 *   4. `getProfile(tokens, helpers)` turns tokens (+ validated ID-token claims) into a profile,
 *      calling provider APIs through `helpers` (bearer-authenticated GETs, binary fetches).
 *   5. ID-token sign-in (`/sign-in/social {idToken}`) runs step 3 and 4 without the code; only for
 *      definitions with `idTokenSignIn: true`.
 *
 * Every endpoint is overridable per deployment (`socialProviders.<id>.endpoints` in the config:
 * tenants, self-hosted GitLab, loopback test servers); `resolveEndpoints()` derives endpoints
 * from provider-specific settings (`tenantId`, `baseURL`, `issuer`) before those overrides apply.
 */
import type { JWTPayload } from "jose";

/** The provider's URLs. `api` is a base URL mappers may use for extra calls (GitHub, Graph). */
export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo?: string;
  /** JWKS URL: required when `oidc` or `idTokenSignIn` is true. */
  jwks?: string;
  /** Expected `iss` of ID tokens and of RFC 9207 callback `iss` parameters. */
  issuer?: string;
  /** Token revocation, when the provider has one (unused by the flow today). */
  revocation?: string;
  /** Base URL for provider APIs beyond user info (e.g. https://api.github.com, https://graph.microsoft.com). */
  api?: string;
}

/** Per-deployment settings of one provider, from `socialProviders.<id>` (or `genericOAuth[]`). */
export interface ProviderSettings {
  clientId: string;
  clientSecret?: string;
  /** Extra scopes, added to the defaults (or replacing them with `disableDefaultScope`). */
  scopes: string[];
  disableDefaultScope: boolean;
  /** Replaces the callback URL Latchkey would send (`<api>/callback/<id>`). */
  redirectURI?: string;
  /** Microsoft: `common`, `organizations`, `consumers` or a tenant id. */
  tenantId?: string;
  /** Self-hosted instances (GitLab): the instance's origin. */
  baseURL?: string;
  /** Accept ID tokens minted for these client ids too (e.g. Apple's app bundle ids, Google's Android client). */
  audiences: string[];
  /** Static authorize parameters (`prompt`, `access_type`, Reddit's `duration`, …). */
  authorizationParams: Record<string, string>;
  /** Overrides from config, applied last. */
  endpoints: Partial<ProviderEndpoints>;
  /** Let `/link-social` attach an account whose email differs from the user's (provider- or globally set). */
  allowDifferentEmails?: boolean;
  /** Apple: the team id, key id and .p8 private key its client secret (an ES256 JWT) is made from. */
  teamId?: string;
  keyId?: string;
  privateKey?: string;
}

/** A client secret a provider makes from settings (Apple), with the time it stops being accepted. */
export interface GeneratedClientSecret {
  secret: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** What the token endpoint gave, normalised. `raw` keeps the whole answer for quirks (TikTok's open_id). */
export interface ProviderTokens {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  /** Validated claims of `idToken` (only set after the JWKS/issuer/audience/nonce checks passed). */
  idTokenClaims?: JWTPayload & Record<string, unknown>;
  tokenType?: string;
  scopes: string[];
  accessTokenExpiresAt?: number; // epoch ms
  refreshTokenExpiresAt?: number; // epoch ms
  raw: Record<string, unknown>;
}

/** The user a provider vouches for. `id` is the provider's stable subject (never an email). */
export interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  image: string | null;
}

/** Tools a profile mapper may use; all requests go out with a timeout and no cookies. */
export interface ProfileHelpers {
  /** The endpoints after config overrides. */
  endpoints: ProviderEndpoints;
  settings: ProviderSettings;
  /**
   * GET a JSON document. `auth` defaults to `Bearer <access token>`; pass `"none"` or a header
   * value of your own (e.g. `OAuth …`). Throws on a non-2xx answer (the flow reports
   * `unable_to_get_user_info`).
   */
  getJson<T = Record<string, unknown>>(url: string, options?: { auth?: "bearer" | "none" | string; headers?: Record<string, string>; query?: Record<string, string> }): Promise<T>;
  /** GET bytes (e.g. Microsoft Graph's photo); null on a non-2xx answer instead of throwing. */
  getBytes(url: string, options?: { auth?: "bearer" | "none" | string; headers?: Record<string, string> }): Promise<{ contentType: string; bytes: Uint8Array } | null>;
  /** Callback parameters as the provider sent them (Apple posts `user` once, VK sends `device_id`). */
  callbackParams: URLSearchParams;
}

/** Context for the hooks that add request parameters. */
export interface ParamHookInput {
  settings: ProviderSettings;
  scopes: string[];
  loginHint?: string;
  /** Callback parameters (token request hooks only). */
  callbackParams?: URLSearchParams;
}

export interface ProviderDefinition {
  /** URL-safe id used in paths and config: `github`, `microsoft`, or a genericOAuth providerId. */
  id: string;
  /** Shown on buttons ("GitHub"). */
  name: string;
  endpoints: ProviderEndpoints;
  /** Derive endpoints from settings (tenant, self-hosted base URL) before config overrides apply. */
  resolveEndpoints?: (settings: ProviderSettings) => Partial<ProviderEndpoints>;
  defaultScopes: string[];
  /** How scopes are joined in the authorize URL: " " (RFC 6749) unless the provider wants "," (TikTok). */
  scopeSeparator?: string;
  /** Send a PKCE S256 challenge. True unless the provider refuses it. */
  pkce: boolean;
  /** `client_secret_basic` (Authorization: Basic) or `client_secret_post` (in the form body). */
  clientAuthentication: "client_secret_basic" | "client_secret_post";
  /** Name of the client-id parameter when it is not `client_id` (TikTok: `client_key`). Used in both requests. */
  clientIdParam?: string;
  /** `form_post` makes the provider POST the callback (Apple); Latchkey turns it into a GET. */
  responseMode?: "query" | "form_post";
  /** OpenID Connect: ask for a nonce and verify the ID token (JWKS, iss, aud, exp, nonce). */
  oidc: boolean;
  /** Accept `/sign-in/social {idToken}` (and treat `idToken` as the source of the profile). */
  idTokenSignIn?: boolean;
  /** Extra authorize parameters computed per request (Google's `login_hint`, Reddit's `duration`). */
  authorizationParams?: (input: ParamHookInput) => Record<string, string>;
  /** Extra token-request parameters (VK's `device_id` from the callback). */
  tokenParams?: (input: ParamHookInput) => Record<string, string>;
  /** Reshape a token answer that is not RFC 6749 shaped (nested `data`, missing `token_type`). */
  adjustTokenResponse?: (body: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Make the client secret from settings when none is configured (Apple signs one with the team's
   * key). `clientAuth` awaits it; oauth-client.ts caches it until shortly before `expiresAt`.
   */
  clientSecret?: (settings: ProviderSettings, now: number) => Promise<GeneratedClientSecret | undefined>;
  /**
   * For providers whose ID tokens name a per-user issuer (Microsoft's multi-tenant endpoints name
   * the user's tenant): the issuer this token must carry, worked out from its own claims, or
   * undefined to refuse it. Used only when no fixed `endpoints.issuer` is in force; the token's
   * signature, audience, expiry and nonce are checked as for every provider.
   */
  idTokenIssuer?: (claims: Record<string, unknown>, context: { settings: ProviderSettings; endpoints: ProviderEndpoints }) => string | undefined;
  /**
   * ID-token sign-in: also accept a token whose `nonce` is the SHA-256 hex of the nonce the client
   * sends (Apple's native SDKs want the hashed nonce in the request, better-auth accepts both).
   */
  hashedNonce?: boolean;
  /** Map tokens to a profile; return null when the provider gave nothing usable. */
  getProfile: (tokens: ProviderTokens, helpers: ProfileHelpers) => Promise<ProviderProfile | null>;
}

/** Declare a provider (typed identity: keeps declarations terse and checked). */
export function defineProvider(definition: ProviderDefinition): ProviderDefinition {
  return definition;
}

/**
 * The endpoints in force for one deployment: declaration, then what settings derive
 * (`resolveEndpoints`), then explicit overrides from config.
 */
export function effectiveEndpoints(definition: ProviderDefinition, settings: ProviderSettings): ProviderEndpoints {
  const derived = definition.resolveEndpoints?.(settings) ?? {};
  const merged: ProviderEndpoints = { ...definition.endpoints };
  for (const layer of [derived, settings.endpoints]) {
    for (const [key, value] of Object.entries(layer)) if (value) (merged as unknown as Record<string, string>)[key] = value;
  }
  return merged;
}

/** The scopes sent: defaults (unless disabled), configured extras and per-request extras, once each. */
export function effectiveScopes(definition: ProviderDefinition, settings: ProviderSettings, requested: readonly string[] = []): string[] {
  const base = settings.disableDefaultScope ? [] : definition.defaultScopes;
  return [...new Set([...base, ...settings.scopes, ...requested])];
}

/** Helpers for mappers: OIDC standard claims → profile (used by google, generic OIDC, and most OIDC providers). */
export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile | null {
  const id = claims.sub;
  if (typeof id !== "string" && typeof id !== "number") return null;
  const email = typeof claims.email === "string" ? claims.email : null;
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const name = typeof claims.name === "string" ? claims.name : [claims.given_name, claims.family_name].filter((part) => typeof part === "string").join(" ");
  return { id: String(id), email, emailVerified: Boolean(email) && verified, name: name || (email ?? ""), image: typeof claims.picture === "string" ? claims.picture : null };
}
