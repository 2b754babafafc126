/**
 * The OpenID Connect half of SSO sign-in, on oauth4webapi (authorization response checks with the
 * RFC 9207 `iss`, code grant with PKCE S256 and client authentication, ID-token claim checks with
 * nonce) and jose (the ID token's signature against the provider's JWKS, issuer and audience).
 * Every request to the provider goes through network.ts (trusted origins, else public https only).
 */
import * as oauth from "oauth4webapi";
import { createRemoteJWKSet, customFetch, jwtVerify } from "jose";
import type { AppContext } from "../../context.js";
import type { OidcConfig } from "./config.js";
import { idpFetch } from "./network.js";

const CLOCK_TOLERANCE_SECONDS = 5;
/** Keys a caller's `additionalParams` may not set: they carry the protocol's guarantees. */
const RESERVED = new Set(["state", "client_id", "redirect_uri", "response_type", "code_challenge", "code_challenge_method", "nonce", "scope", "response_mode"]);

export interface AuthorizationInput {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectURI: string;
  scopes: string[];
  loginHint?: string;
  additionalParams?: Record<string, string>;
}

export async function authorizationURL(config: OidcConfig, input: AuthorizationInput): Promise<string> {
  const url = new URL(config.authorizationEndpoint!);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", input.redirectURI);
  url.searchParams.set("scope", input.scopes.join(" "));
  url.searchParams.set("state", input.state);
  url.searchParams.set("nonce", input.nonce);
  if (config.pkce !== false) {
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(input.codeVerifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
  for (const [key, value] of Object.entries(input.additionalParams ?? {})) if (!RESERVED.has(key.toLowerCase())) url.searchParams.set(key, value);
  return url.toString();
}

/** Why a callback did not become verified claims; `code` goes back as ?error=. */
export class CallbackProblem extends Error {
  constructor(readonly code: string, readonly description?: string) {
    super(code);
  }
}

function server(config: OidcConfig): oauth.AuthorizationServer {
  return { issuer: config.issuer, authorization_endpoint: config.authorizationEndpoint, token_endpoint: config.tokenEndpoint, userinfo_endpoint: config.userInfoEndpoint, jwks_uri: config.jwksEndpoint };
}

const jwksSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** One cached key set per JWKS URL (jose refetches on an unknown `kid`), fetched under network.ts's rules. */
function keySet(app: AppContext, url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = jwksSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, [customFetch]: idpFetch(app) });
    jwksSets.set(url, set);
  }
  return set;
}

/**
 * Callback parameters → the ID token's verified claims, merged under the user-info answer's when
 * the provider keeps email or name there. Throws CallbackProblem for anything the provider or
 * the browser got wrong.
 */
export async function claimsFromCallback(
  app: AppContext,
  config: OidcConfig,
  clientSecret: string,
  params: URLSearchParams,
  flow: { state: string; codeVerifier: string; nonce: string; redirectURI: string },
): Promise<Record<string, unknown>> {
  const as = server(config);
  // The app clock may be moved by tests: oauth4webapi's checks use the same time through clockSkew.
  const client: oauth.Client = { client_id: config.clientId, [oauth.clockSkew]: Math.round((app.clock.now() - Date.now()) / 1000) };
  const iss = params.get("iss");
  if (iss !== null && iss !== config.issuer) throw new CallbackProblem("issuer_mismatch");
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(as, client, params, flow.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) throw new CallbackProblem(error.error, error.error_description);
    throw new CallbackProblem("invalid_callback_request");
  }
  const auth = config.tokenEndpointAuthentication === "client_secret_post" ? oauth.ClientSecretPost(clientSecret) : oauth.ClientSecretBasic(clientSecret);
  const options = { [oauth.customFetch]: idpFetch(app), [oauth.allowInsecureRequests]: new URL(config.tokenEndpoint!).protocol === "http:" };
  let result: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, client, auth, validated, flow.redirectURI, config.pkce !== false ? flow.codeVerifier : oauth.nopkce, options);
    result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: flow.nonce, requireIdToken: true });
  } catch (error) {
    app.log.warn({ reason: (error as Error).message }, "SSO sign-in: code exchange failed");
    throw new CallbackProblem("invalid_code");
  }
  let claims: Record<string, unknown>;
  try {
    const { payload } = await jwtVerify(result.id_token!, keySet(app, config.jwksEndpoint!), {
      issuer: config.issuer,
      audience: config.clientId,
      currentDate: new Date(app.clock.now()),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (!payload.sub || payload.nonce !== flow.nonce) throw new Error("ID token without subject, or another nonce");
    claims = payload as Record<string, unknown>;
  } catch (error) {
    app.log.warn({ reason: (error as Error).message }, "SSO sign-in: ID token refused");
    throw new CallbackProblem("invalid_id_token");
  }
  const email = config.mapping?.email ?? "email";
  if (config.userInfoEndpoint && result.access_token && (config.overrideUserInfo || claims[email] === undefined)) {
    try {
      const response = await oauth.userInfoRequest(as, client, result.access_token, options);
      const info = (await oauth.processUserInfoResponse(as, client, String(claims.sub), response)) as Record<string, unknown>;
      // What the signed ID token says about the sign-in itself (amr, acr, nonce) is never overridden.
      claims = { ...claims, ...info, sub: claims.sub, amr: claims.amr, acr: claims.acr, iss: claims.iss, aud: claims.aud };
    } catch (error) {
      app.log.warn({ reason: (error as Error).message }, "SSO sign-in: user info unavailable");
    }
  }
  return claims;
}
