/**
 * SSO sign-in: which provider (by email domain — only verified domains route — or by domain,
 * providerId or organization slug), the OpenID flow's start (state bound to the browser by a
 * signed cookie, PKCE verifier and nonce in the one-time store for ten minutes) and its callback
 * (state consumed once, claims verified), then the person: their SSO account, else an existing
 * account linked only under a verified domain, else a new one; and their membership in the
 * provider's organization. The session itself is the sign-in core's (routes.ts → completeSignIn).
 */
import { apiError } from "../../../shared/errors.js";
import { organizationRoleTable, splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow, UserRow } from "../../db/types.js";
import type { BrowserSessions } from "../../http/handler.js";
import { consume, issue } from "../../core/one-time.js";
import type { DesktopHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { findUserByEmail, findUserById, updateUser } from "../../core/user/store.js";
import { newId, randomString } from "../../crypto/tokens.js";
import { domainMatches, oidcConfigOf, type ClaimMapping, type OidcConfig } from "./config.js";
import { CallbackProblem, authorizationURL, claimsFromCallback } from "./oidc-client.js";
import { openClientSecret } from "./secret.js";
import { domainTrusted, requireEnabled } from "./service.js";
import * as store from "./store.js";
import { redirectURIOf } from "./wire.js";

export const STATE_COOKIE = "sso_state";
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
  const config = oidcConfigOf(row);
  if (!config || body.providerType === "saml") throw apiError("SSO_INVALID_CONFIG", "SAML sign-in is not available on this server yet; this provider has no OIDC configuration");
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

export type CallbackResult =
  | { kind: "error"; errorURL?: string; error: string; description?: string }
  | { kind: "signed-in"; user: UserRow; row: SsoProviderRow; to: string; errorURL?: string; isNewUser: boolean; linked: boolean; joined?: string; provesMfa: boolean; desktopHandOff?: DesktopHandOff };

const claim = (claims: Record<string, unknown>, key: string | undefined): unknown => (key ? claims[key] : undefined);
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** Whether the provider says it checked more than one factor (its `amr`). */
function assertsMfa(config: OidcConfig, claims: Record<string, unknown>): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((value): value is string => typeof value === "string") : [];
  const accepted = config.mfaAmrValues ?? DEFAULT_MFA_AMR;
  return amr.some((value) => accepted.includes(value));
}

/** The organization role a claim maps to, if it names a role the organization has (never `owner`). */
function mappedRole(app: AppContext, mapping: ClaimMapping | undefined, claims: Record<string, unknown>): string {
  const fallback = app.config.sso.defaultRole;
  if (!mapping?.role) return fallback;
  const raw = claim(claims, mapping.role);
  const values = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  const table = organizationRoleTable(app.config.organization.roles);
  for (const value of values) {
    const role = mapping.roleMap ? mapping.roleMap[value] : value;
    // Ownership is given by people, never by an identity provider's claim.
    if (role && role !== "owner" && splitRoles(role).every((name) => Object.hasOwn(table, name))) return role;
  }
  return fallback;
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
  const email = text(claim(claims, mapping?.email ?? "email"))?.toLowerCase();
  if (!email || !email.includes("@")) return fail("email_not_found");
  const emailDomain = email.split("@")[1]!;
  // The provider speaks for its own domains once they are verified; for any other address only its email_verified claim does.
  const vouched = domainTrusted(app, row) && domainMatches(emailDomain, row.domain);
  const emailVerified = vouched || claim(claims, mapping?.emailVerified ?? "email_verified") === true;
  const sub = String(claims.sub);

  let user: UserRow | undefined;
  let isNewUser = false;
  let linked = false;
  const account = await app.db.selectFrom("account").select("userId").where("providerId", "=", providerId).where("accountId", "=", sub).executeTakeFirst();
  if (account) user = await findUserById(app.db, account.userId);
  else {
    const owner = await findUserByEmail(app.db, email);
    if (owner) {
      // Linking hands an existing account to whoever runs this IdP: only for a verified domain it serves.
      if (!vouched) return fail("account_not_linked");
      await insertAccount(app, owner.id, providerId, sub);
      if (!owner.emailVerified) await updateUser(app.db, owner.id, { emailVerified: 1, updatedAt: app.clock.now() });
      user = (await findUserById(app.db, owner.id)) ?? owner;
      linked = true;
    } else {
      const name = text(claim(claims, mapping?.name ?? "name")) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ") || email.split("@")[0]!);
      const image = text(claim(claims, mapping?.image ?? "picture")) ?? null;
      try {
        user = await createUserRecord(app, { email, name, image, emailVerified, role: app.config.admin.defaultRole, passwordHash: null });
        await insertAccount(app, user.id, providerId, sub);
      } catch (problem) {
        app.log.warn({ provider: providerId, reason: (problem as Error).message }, "SSO sign-up: user not created");
        if (user) await app.db.deleteFrom("user").where("id", "=", user.id).execute();
        return fail("unable_to_create_user");
      }
      isNewUser = true;
    }
  }
  if (!user) return fail("unable_to_create_user");
  let joined: string | undefined;
  if (row.organizationId) {
    const roles = await store.rolesOf(app.db, user.id);
    if (!roles.has(row.organizationId)) {
      joined = mappedRole(app, mapping, claims);
      await app.db
        .insertInto("member")
        .values({ id: newId(), organizationId: row.organizationId, userId: user.id, role: joined, teamId: null, createdAt: app.clock.now() })
        .onConflict((conflict) => conflict.columns(["organizationId", "userId"]).doNothing())
        .execute();
    }
  }
  const to = isNewUser && flow.newUserURL ? flow.newUserURL : flow.callbackURL;
  return { kind: "signed-in", user, row, to, errorURL: flow.errorURL, isNewUser, linked, joined, provesMfa: assertsMfa(config, claims), desktopHandOff: flow.desktopHandOff };
}

async function insertAccount(app: AppContext, userId: string, providerId: string, accountId: string): Promise<void> {
  const now = app.clock.now();
  await app.db
    .insertInto("account")
    .values({ id: newId(), providerId, accountId, userId, password: null, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: now, updatedAt: now })
    .execute();
}
