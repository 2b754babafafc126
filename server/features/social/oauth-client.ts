/**
 * The protocol half of social sign-in, on oauth4webapi (authorization URL, callback validation
 * with the RFC 9207 `iss` check, code and refresh grants with PKCE and client authentication)
 * and jose (ID-token signature against the provider's JWKS). Nothing here touches the database.
 */
import * as oauth from "oauth4webapi";
import { createHash } from "node:crypto";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import type { AppContext } from "../../context.js";
import { isLoopbackURL } from "../../core/loopback.js";
import type { GeneratedClientSecret, ProfileHelpers, ProviderDefinition, ProviderEndpoints, ProviderSettings, ProviderTokens } from "./provider.js";

/** A provider as this deployment runs it: declaration, settings, endpoints in force. */
export interface ResolvedProvider {
  definition: ProviderDefinition;
  settings: ProviderSettings;
  endpoints: ProviderEndpoints;
  /** From discovery (generic providers): the server sends `iss` on callbacks (RFC 9207). */
  issParameterSupported?: boolean;
}

const HTTP_TIMEOUT_MS = 10_000;

function authorizationServer(provider: ResolvedProvider): oauth.AuthorizationServer {
  const { endpoints } = provider;
  return {
    issuer: endpoints.issuer ?? new URL(endpoints.authorization).origin,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    userinfo_endpoint: endpoints.userInfo,
    jwks_uri: endpoints.jwks,
    authorization_response_iss_parameter_supported: provider.issParameterSupported,
  };
}

/** The app clock may be moved by tests: oauth4webapi's checks use the same time through clockSkew. */
function client(app: AppContext, provider: ResolvedProvider): oauth.Client {
  return { client_id: provider.settings.clientId, [oauth.clockSkew]: Math.round((app.clock.now() - Date.now()) / 1000) };
}

/**
 * HTTP Basic as better-auth and most providers expect it: base64 of the raw `id:secret`.
 * oauth4webapi's ClientSecretBasic form-encodes each part first (RFC 6749 §2.3.1, `-` → `%2D`),
 * which Reddit and X refuse for their ids and secrets with `-` and `_`.
 */
export function rawBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, c, _body, headers) => {
    headers.set("authorization", `Basic ${Buffer.from(`${c.client_id}:${clientSecret}`, "utf8").toString("base64")}`);
  };
}

/** Generated client secrets (Apple's) by provider and key, kept until shortly before they expire. */
const generatedSecrets = new Map<string, GeneratedClientSecret>();
/** Renew a generated secret this long before its expiry, so none goes out about to lapse. */
const RENEW_BEFORE_MS = 10 * 60_000;

/** The configured client secret, else one the provider makes from settings (cached). */
export async function clientSecretOf(provider: ResolvedProvider, now: number): Promise<string | undefined> {
  const { definition, settings } = provider;
  if (settings.clientSecret || !definition.clientSecret) return settings.clientSecret;
  const key = `${definition.id}|${settings.clientId}|${settings.teamId}|${settings.keyId}`;
  const cached = generatedSecrets.get(key);
  if (cached && cached.expiresAt - RENEW_BEFORE_MS > now) return cached.secret;
  const made = await definition.clientSecret(settings, now);
  if (made) generatedSecrets.set(key, made);
  return made?.secret;
}

async function clientAuth(app: AppContext, provider: ResolvedProvider): Promise<oauth.ClientAuth> {
  const { definition } = provider;
  const secret = await clientSecretOf(provider, app.clock.now());
  const base = !secret ? oauth.None() : definition.clientAuthentication === "client_secret_basic" ? rawBasic(secret) : oauth.ClientSecretPost(secret);
  const idParam = definition.clientIdParam;
  if (!idParam) return base;
  return async (as, c, body, headers) => {
    await base(as, c, body, headers);
    body.delete("client_id");
    body.set(idParam, c.client_id);
  };
}

/**
 * The issuer an ID token must name when it depends on the token (Microsoft's `common` tenant):
 * read from the token answer's (not yet verified) ID token through the provider's hook, so that
 * oauth4webapi checks `iss` (and nonce, audience, expiry) against it. jose checks the signature
 * and the same issuer again afterwards. A token the hook refuses is refused here.
 */
async function withTokenIssuer(provider: ResolvedProvider, as: oauth.AuthorizationServer, response: Response): Promise<oauth.AuthorizationServer> {
  const hook = provider.definition.idTokenIssuer;
  if (!hook || provider.endpoints.issuer) return as;
  let idToken: unknown;
  try {
    idToken = ((await response.clone().json()) as Record<string, unknown>).id_token;
  } catch {
    return as; // not JSON: oauth4webapi reports it
  }
  if (typeof idToken !== "string") return as;
  const expected = hook(decodeJwt(idToken) as Record<string, unknown>, { settings: provider.settings, endpoints: provider.endpoints });
  if (!expected) throw new Error("ID token issuer not acceptable for this tenant setting");
  return { ...as, issuer: expected };
}

function requestOptions(provider: ResolvedProvider, url: string, extra?: Record<string, string>): oauth.TokenEndpointRequestOptions {
  const adjust = provider.definition.adjustTokenResponse;
  return {
    // oauth4webapi refuses plain http (tokens in clear); loopback is the exception: test identity
    // providers and an IdP on the same machine never leave the host.
    [oauth.allowInsecureRequests]: isLoopbackURL(url),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    additionalParameters: extra,
    ...(adjust
      ? {
          [oauth.customFetch]: async (input: string, init: RequestInit) => {
            const response = await fetch(input, init);
            const text = await response.text();
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              return new Response(text, { status: response.status, headers: response.headers });
            }
            const adjusted = adjust(body as Record<string, unknown>);
            return new Response(JSON.stringify(adjusted), { status: response.status, headers: { "content-type": "application/json" } });
          },
        }
      : {}),
  };
}

export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce?: string;
  redirectURI: string;
  scopes: string[];
  loginHint?: string;
  additionalParams?: Record<string, string>;
}

/** Keys a caller's `additionalParams` may not set: they carry the protocol's guarantees. */
const RESERVED = new Set(["state", "client_id", "redirect_uri", "response_type", "code_challenge", "code_challenge_method", "nonce", "scope", "response_mode"]);

export async function authorizationURL(provider: ResolvedProvider, request: AuthorizationRequest): Promise<string> {
  const { definition, settings, endpoints } = provider;
  const url = new URL(endpoints.authorization);
  const set = (key: string, value: string) => url.searchParams.set(key, value);
  set(definition.clientIdParam ?? "client_id", settings.clientId);
  set("response_type", "code");
  set("redirect_uri", request.redirectURI);
  if (request.scopes.length) set("scope", request.scopes.join(definition.scopeSeparator ?? " "));
  set("state", request.state);
  if (definition.pkce) {
    set("code_challenge", await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    set("code_challenge_method", "S256");
  }
  if (request.nonce) set("nonce", request.nonce);
  if (definition.responseMode === "form_post") set("response_mode", "form_post");
  const hooked = definition.authorizationParams?.({ settings, scopes: request.scopes, loginHint: request.loginHint }) ?? {};
  for (const [key, value] of Object.entries({ ...settings.authorizationParams, ...hooked })) set(key, value);
  if (request.loginHint && !hooked.login_hint) set("login_hint", request.loginHint);
  for (const [key, value] of Object.entries(request.additionalParams ?? {})) if (!RESERVED.has(key.toLowerCase())) set(key, value);
  return url.toString();
}

/** Why a callback could not become tokens; each maps to a redirect error code. */
export class CallbackProblem extends Error {
  constructor(readonly code: string, readonly description?: string) {
    super(code);
  }
}

/**
 * Callback parameters → tokens: the RFC 9207 `iss` check, the provider's own `error`, the code
 * grant with PKCE verifier and client authentication, and — for OIDC — ID-token validation
 * (signature via JWKS, iss, aud, exp, nonce).
 */
export async function exchangeCode(
  app: AppContext,
  provider: ResolvedProvider,
  params: URLSearchParams,
  flow: { state: string; codeVerifier: string; nonce?: string; redirectURI: string },
): Promise<ProviderTokens> {
  const as = authorizationServer(provider);
  const c = client(app, provider);
  const iss = params.get("iss");
  if (iss !== null && provider.endpoints.issuer && iss !== provider.endpoints.issuer) throw new CallbackProblem("issuer_mismatch");
  let validated: URLSearchParams;
  try {
    // iss was compared above against the configured issuer; oauth4webapi also insists on it when discovery promised it.
    validated = oauth.validateAuthResponse(as, c, params, flow.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) throw new CallbackProblem(error.error, error.error_description);
    throw new CallbackProblem("issuer_mismatch");
  }
  const { definition, settings } = provider;
  const extra = definition.tokenParams?.({ settings, scopes: [], callbackParams: params });
  let result: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, c, await clientAuth(app, provider), validated, flow.redirectURI, definition.pkce ? flow.codeVerifier : oauth.nopkce, requestOptions(provider, as.token_endpoint!, extra));
    result = await oauth.processAuthorizationCodeResponse(await withTokenIssuer(provider, as, response), c, response, {
      expectedNonce: flow.nonce ?? oauth.expectNoNonce,
      requireIdToken: definition.oidc,
    });
  } catch (error) {
    app.log.warn({ provider: definition.id, reason: (error as Error).message }, "social sign-in: code exchange failed");
    throw new CallbackProblem("invalid_code");
  }
  const tokens = toProviderTokens(app, provider, result);
  if (tokens.idToken && (definition.oidc || provider.endpoints.jwks)) {
    const claims = await verifyIdToken(app, provider, tokens.idToken, flow.nonce).catch((error: Error) => {
      app.log.warn({ provider: definition.id, reason: error.message }, "social sign-in: ID token refused");
      throw new CallbackProblem("invalid_code");
    });
    tokens.idTokenClaims = claims;
  }
  return tokens;
}

/** Refresh grant; the new tokens (a provider may or may not rotate the refresh token). */
export async function refreshTokens(app: AppContext, provider: ResolvedProvider, refreshToken: string): Promise<ProviderTokens> {
  const as = authorizationServer(provider);
  const c = client(app, provider);
  const response = await oauth.refreshTokenGrantRequest(as, c, await clientAuth(app, provider), refreshToken, requestOptions(provider, as.token_endpoint!));
  const result = await oauth.processRefreshTokenResponse(await withTokenIssuer(provider, as, response), c, response);
  return toProviderTokens(app, provider, result);
}

function toProviderTokens(app: AppContext, provider: ResolvedProvider, result: oauth.TokenEndpointResponse): ProviderTokens {
  const now = app.clock.now();
  const raw = { ...result } as Record<string, unknown>;
  const refreshExpiresIn = Number(raw.refresh_token_expires_in);
  const separator = provider.definition.scopeSeparator ?? " ";
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    idToken: result.id_token,
    tokenType: result.token_type,
    scopes: typeof result.scope === "string" ? result.scope.split(separator === " " ? /[\s,]+/ : separator).filter(Boolean) : [],
    accessTokenExpiresAt: typeof result.expires_in === "number" ? now + result.expires_in * 1000 : undefined,
    refreshTokenExpiresAt: Number.isFinite(refreshExpiresIn) && refreshExpiresIn > 0 ? now + refreshExpiresIn * 1000 : undefined,
    raw,
  };
}

const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** jose's remote key set caches keys and refetches on an unknown `kid`; one per JWKS URL. */
function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = jwksSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: HTTP_TIMEOUT_MS });
    jwksSets.set(url, set);
  }
  return set;
}

/** Issuers an ID token may name: the configured one; Google also writes it without the scheme. */
function acceptedIssuers(provider: ResolvedProvider): string[] {
  const issuer = provider.endpoints.issuer;
  if (!issuer) return [];
  const bare = issuer.replace(/^https:\/\//, "");
  return provider.definition.id === "google" && !provider.settings.endpoints.issuer ? [issuer, bare] : [issuer];
}

/** Seconds of clock difference with the provider an ID token's `exp` and `iat` are allowed. */
export const ID_TOKEN_CLOCK_TOLERANCE_SECONDS = 5;

/**
 * An ID token's signature (provider JWKS), issuer (the configured one, or the one the provider's
 * `idTokenIssuer` hook derives from the token), audience (client id, plus configured extra
 * audiences), expiry and — when one is expected — nonce (or, for `hashedNonce` providers, its
 * SHA-256 hex). Throws on any failure.
 */
export async function verifyIdToken(app: AppContext, provider: ResolvedProvider, idToken: string, nonce?: string): Promise<JWTPayload & Record<string, unknown>> {
  const { endpoints, settings, definition } = provider;
  if (!endpoints.jwks) throw new Error("provider has no JWKS endpoint");
  const issuers = acceptedIssuers(provider);
  const { payload } = await jwtVerify(idToken, keySet(endpoints.jwks), {
    issuer: issuers.length ? issuers : undefined,
    audience: [settings.clientId, ...settings.audiences],
    currentDate: new Date(app.clock.now()),
    clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
  });
  if (!payload.sub) throw new Error("ID token without subject");
  if (!issuers.length && definition.idTokenIssuer) {
    const expected = definition.idTokenIssuer(payload as Record<string, unknown>, { settings, endpoints });
    if (!expected || payload.iss !== expected) throw new Error("ID token issuer not acceptable for this tenant setting");
  }
  if (nonce !== undefined && !nonceMatches(payload.nonce, nonce, definition.hashedNonce === true)) throw new Error("ID token nonce mismatch");
  return payload as JWTPayload & Record<string, unknown>;
}

function nonceMatches(claim: unknown, nonce: string, hashed: boolean): boolean {
  if (claim === nonce) return true;
  return hashed && typeof claim === "string" && claim === createHash("sha256").update(nonce, "utf8").digest("hex");
}

/** Bearer-authenticated GETs for profile mappers. */
export function profileHelpers(provider: ResolvedProvider, tokens: ProviderTokens, callbackParams: URLSearchParams): ProfileHelpers {
  const authHeader = (auth: string | undefined): Record<string, string> => {
    if (auth === "none") return {};
    if (auth === undefined || auth === "bearer") return tokens.accessToken ? { authorization: `Bearer ${tokens.accessToken}` } : {};
    return { authorization: auth };
  };
  return {
    endpoints: provider.endpoints,
    settings: provider.settings,
    callbackParams,
    async getJson<T>(url: string, options: { auth?: string; headers?: Record<string, string>; query?: Record<string, string> } = {}) {
      const target = new URL(url);
      for (const [key, value] of Object.entries(options.query ?? {})) target.searchParams.set(key, value);
      const response = await fetch(target, {
        headers: { accept: "application/json", "user-agent": "Latchkey", ...authHeader(options.auth), ...options.headers },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`${target.host} answered ${response.status}`);
      return (await response.json()) as T;
    },
    async getBytes(url: string, options: { auth?: string; headers?: Record<string, string> } = {}) {
      const response = await fetch(url, { headers: { "user-agent": "Latchkey", ...authHeader(options.auth), ...options.headers }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!response.ok) return null;
      return { contentType: response.headers.get("content-type") ?? "application/octet-stream", bytes: new Uint8Array(await response.arrayBuffer()) };
    },
  };
}
