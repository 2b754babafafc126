/**
 * SSO sign-in: which provider (by email domain — only verified domains route — or by domain,
 * providerId or organization slug), the OpenID flow's start (state bound to the browser by a
 * signed cookie, PKCE verifier and nonce in the one-time store for ten minutes) and its callback
 * (state consumed once, claims verified), then the person (person.ts). A SAML provider's start
 * is saml-sign-in.ts's. The session itself is the sign-in core's (routes.ts → completeSignIn).
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow } from "../../db/types.js";
import type { BrowserSessions } from "../../http/handler.js";
import { consume, issue } from "../../core/one-time.js";
import type { DesktopHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { randomString } from "../../crypto/tokens.js";
import { domainMatches, oidcConfigOf, samlConfigOf, type OidcConfig } from "./config.js";
import { CallbackProblem, authorizationURL, claimsFromCallback } from "./oidc-client.js";
import { resolvePerson, STATE_COOKIE, type CallbackResult } from "./person.js";
import { startSamlSignIn } from "./saml-sign-in.js";
import { openClientSecret } from "./secret.js";
import { domainTrusted, requireEnabled } from "./service.js";
import * as store from "./store.js";
import { redirectURIOf } from "./wire.js";

const STATE_LIFETIME_SECONDS = 600;
/** `amr` values (RFC 8176) that mean the provider checked more than one factor. */
const DEFAULT_MFA_AMR = ["mfa", "hwk", "otp", "swk", "sms", "fpt", "face"];

interface FlowState {
  providerId: string;
  codeVerifier: string;
  nonce: string;
  callbackURL: string;
  errorURL?: string;
  newUserURL?: string;
  requestSignUp?: boolean;
  desktopHandOff?: DesktopHandOff;
}

export interface SignInStart {
  email?: string;
  organizationSlug?: string;
  providerId?: string;
  domain?: string;
  callbackURL: string;
  errorCallbackURL?: string;
  newUserCallbackURL?: string;
  scopes?: string[];
  loginHint?: string;
  additionalParams?: Record<string, string>;
  requestSignUp?: boolean;
  providerType?: "oidc" | "saml";
}

/** The provider a sign-in asks for. A domain routes only to a provider whose domain is verified. */
async function findRoute(app: AppContext, body: SignInStart): Promise<SsoProviderRow> {
  const domain = body.domain ?? body.email?.split("@")[1];
  let row: SsoProviderRow | undefined;
  if (body.providerId) row = await store.findProvider(app.db, body.providerId);
  else if (body.organizationSlug) {
    const organizationId = await store.organizationIdBySlug(app.db, body.organizationSlug);
    row = organizationId ? (await store.providersOf(app.db, [organizationId])).find((candidate) => domainTrusted(app, candidate)) : undefined;
  } else if (domain) {
    row = (await store.allProviders(app.db)).find((candidate) => domainTrusted(app, candidate) && domainMatches(domain, candidate.domain));
  } else {
    throw apiError("SSO_INVALID_CONFIG", "email, organizationSlug, domain or providerId is required");
  }
  if (!row) throw apiError("PROVIDER_NOT_FOUND", "No provider found for the issuer");
  if (!domainTrusted(app, row)) throw apiError("SSO_DOMAIN_NOT_VERIFIED");
  return row;
}

export async function startSignIn(app: AppContext, browser: BrowserSessions, body: SignInStart, desktopHandOff?: DesktopHandOff): Promise<string> {
  requireEnabled(app);
  const row = await findRoute(app, body);
  const saml = samlConfigOf(row);
  const config = oidcConfigOf(row);
  if (body.providerType === "saml" || (saml && !config)) {
    if (!saml) throw apiError("SSO_INVALID_CONFIG", "This provider has no SAML configuration");
    return startSamlSignIn(app, browser, row, saml, body, desktopHandOff);
  }
  if (!config) throw apiError("SSO_INVALID_CONFIG", "This provider has no OIDC configuration");
  const state = randomString(32);
  const flow: FlowState = {
    providerId: row.providerId,
    codeVerifier: randomString(128),
    nonce: randomString(32),
    callbackURL: body.callbackURL,
    errorURL: body.errorCallbackURL,
    newUserURL: body.newUserCallbackURL,
    requestSignUp: body.requestSignUp,
    desktopHandOff,
  };
  await issue(app.db, app.clock.now(), { purpose: "sso-state", secret: state, data: flow, lifetimeSeconds: STATE_LIFETIME_SECONDS });
  browser.writeSigned(STATE_COOKIE, state, STATE_LIFETIME_SECONDS);
  return authorizationURL(config, {
    state,
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    redirectURI: redirectURIOf(app, row.providerId),
    scopes: config.scopes ?? body.scopes ?? ["openid", "email", "profile"],
    loginHint: body.loginHint ?? body.email,
    additionalParams: body.additionalParams,
  });
}

const claim = (claims: Record<string, unknown>, key: string | undefined): unknown => (key ? claims[key] : undefined);
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** Whether the provider says it checked more than one factor (its `amr`). */
function assertsMfa(config: OidcConfig, claims: Record<string, unknown>): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((value): value is string => typeof value === "string") : [];
  const accepted = config.mfaAmrValues ?? DEFAULT_MFA_AMR;
  return amr.some((value) => accepted.includes(value));
}

/** Everything after the provider sent the browser back. Never throws for the provider's or the browser's mistakes. */
export async function completeCallback(app: AppContext, browser: BrowserSessions, providerId: string, params: URLSearchParams): Promise<CallbackResult> {
  const state = params.get("state");
  if (!state) return { kind: "error", error: "state_not_found" };
  const bound = browser.readSigned(STATE_COOKIE);
  browser.forgetSigned(STATE_COOKIE);
  const record = await consume(app.db, app.clock.now(), "sso-state", state);
  const flow = record?.data as FlowState | null | undefined;
  if (!flow || typeof flow.providerId !== "string") return { kind: "error", error: "invalid_state" };
  const fail = (error: string, description?: string): CallbackResult => ({ kind: "error", errorURL: flow.errorURL, error, description });
  // The browser that started the flow must be the one finishing it (login CSRF).
  if (bound !== state) return fail("invalid_state");
  if (flow.providerId !== providerId) return fail("invalid_callback_request");
  if (!app.config.sso.enabled) return fail("sso_disabled");
  const error = params.get("error");
  if (error) return fail(error, params.get("error_description") ?? undefined);
  const row = await store.findProvider(app.db, providerId);
  const config = row ? oidcConfigOf(row) : undefined;
  if (!row || !config) return fail("provider_not_found");
  let claims: Record<string, unknown>;
  try {
    const secret = openClientSecret(app.secret, row.clientSecret) ?? "";
    claims = await claimsFromCallback(app, config, secret, params, { state, codeVerifier: flow.codeVerifier, nonce: flow.nonce, redirectURI: redirectURIOf(app, providerId) });
  } catch (problem) {
    if (problem instanceof CallbackProblem) return fail(problem.code, problem.description);
    app.log.warn({ provider: providerId, reason: (problem as Error).message }, "SSO sign-in: callback failed");
    return fail("invalid_callback_request");
  }
  const mapping = config.mapping;
  const name = text(claim(claims, mapping?.name ?? "name")) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ") || undefined);
  const person = await resolvePerson(app, row, {
    subject: String(claims.sub),
    email: text(claim(claims, mapping?.email ?? "email")),
    emailVerified: claim(claims, mapping?.emailVerified ?? "email_verified") === true,
    name,
    image: text(claim(claims, mapping?.image ?? "picture")) ?? null,
    claims,
    mapping,
  });
  if (person.kind === "error") return fail(person.error);
  const to = person.isNewUser && flow.newUserURL ? flow.newUserURL : flow.callbackURL;
  return { ...person, kind: "signed-in", row, to, errorURL: flow.errorURL, provesMfa: assertsMfa(config, claims), desktopHandOff: flow.desktopHandOff };
}

