/**
 * SAML sign-in (issue 35), in three steps:
 *
 * 1. `/sign-in/sso` for a SAML provider: an AuthnRequest whose ID is kept in the one-time store
 *    under a random RelayState (the flow: where to go after, the desktop hand-off), and the same
 *    RelayState in the signed `sso_state` cookie.
 * 2. The IdP's page posts the response to the ACS, cross-site, so no Lax cookie comes along: the
 *    response is checked here (saml-sp.ts) — the flow named by RelayState is used up, InResponseTo
 *    must be its request's ID, the assertion ID is accepted once — and the checked identity is
 *    parked for two minutes under a new secret the browser is redirected with.
 * 3. That GET carries the browser's cookies: the `sso_state` cookie must name the flow (login
 *    CSRF), then the person is resolved as for OpenID (sign-in.ts) and completeSignIn runs (routes.ts).
 *
 * An IdP-initiated response (no InResponseTo) is refused unless the provider allows it; it has no
 * flow, so it lands on the provider's `callbackUrl` (if trusted) or the server's base URL.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow } from "../../db/types.js";
import type { BrowserSessions } from "../../http/handler.js";
import { createOriginPolicy } from "../../http/trusted-origins.js";
import { consume, issue } from "../../core/one-time.js";
import type { DesktopHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { withQuery } from "../../core/verification/links.js";
import { randomString } from "../../crypto/tokens.js";
import { samlConfigOf, type ClaimMapping, type SamlConfig } from "./config.js";
import { acsURLOf, authnRequestURL, checkResponse, SamlProblem, signingOf } from "./saml-sp.js";
import { resolvePerson, STATE_COOKIE, type CallbackResult } from "./person.js";
import type { SignInStart } from "./sign-in.js";
import * as store from "./store.js";

/** AuthnContextClassRef values that mean more than one factor was checked. */
const DEFAULT_MFA_CLASSES = [
  "https://refeds.org/profile/mfa",
  "http://schemas.microsoft.com/claims/multipleauthn",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken",
];
const VERIFIED_LIFETIME_SECONDS = 120;
/** How long an assertion ID is remembered when the assertion names no end of validity. */
const USED_ASSERTION_FALLBACK_MS = 24 * 3600 * 1000;

interface SamlFlow {
  providerId: string;
  requestId: string;
  callbackURL: string;
  errorURL?: string;
  newUserURL?: string;
  desktopHandOff?: DesktopHandOff;
}

/** A checked response waiting for the browser's GET. */
interface Verified {
  providerId: string;
  /** The flow's RelayState, which the browser's signed cookie must match; absent for IdP-initiated. */
  state?: string;
  flow?: Omit<SamlFlow, "requestId" | "providerId">;
  subject: string;
  attributes: Record<string, unknown>;
  provesMfa: boolean;
}

export async function startSamlSignIn(app: AppContext, browser: BrowserSessions, row: SsoProviderRow, config: SamlConfig, body: SignInStart, desktopHandOff?: DesktopHandOff): Promise<string> {
  // better-auth refuses these too: the AuthnRequest carries no caller-chosen parameters.
  if (body.additionalParams) throw apiError("SSO_INVALID_CONFIG", "additionalParams is not supported for SAML providers");
  const state = randomString(32);
  // An xs:ID must not start with a digit.
  const requestId = `_${randomString(40)}`;
  const flow: SamlFlow = { providerId: row.providerId, requestId, callbackURL: body.callbackURL, errorURL: body.errorCallbackURL, newUserURL: body.newUserCallbackURL, desktopHandOff };
  const lifetimeSeconds = app.config.sso.saml.requestLifetimeSeconds;
  await issue(app.db, app.clock.now(), { purpose: "saml-request", secret: state, data: flow, lifetimeSeconds });
  browser.writeSigned(STATE_COOKIE, state, lifetimeSeconds);
  return authnRequestURL(app, row.providerId, config, requestId, state, signingOf(app, row, config));
}

const first = (value: unknown): string | undefined => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" && one.trim() ? one.trim() : undefined;
};
const pick = (attributes: Record<string, unknown>, names: Array<string | undefined>): string | undefined => {
  for (const name of names) if (name && first(attributes[name])) return first(attributes[name]);
  return undefined;
};

export type AcsOutcome = { kind: "error"; errorURL?: string; error: string; description?: string } | { kind: "verified"; to: string };

/** Step 2: the ACS POST. Never throws for the IdP's or the browser's mistakes. */
export async function receiveResponse(app: AppContext, providerId: string, samlResponse: string, relayState: string | undefined): Promise<AcsOutcome> {
  // The flow is used up by this response whatever its fate: a refused response cannot be retried.
  const record = relayState ? await consume(app.db, app.clock.now(), "saml-request", relayState) : undefined;
  const flow = record?.data as SamlFlow | null | undefined;
  const errorURL = flow?.errorURL;
  const fail = (error: string, description?: string): AcsOutcome => ({ kind: "error", errorURL, error, description });
  if (!app.config.sso.enabled) return fail("sso_disabled");
  const row = await store.findProvider(app.db, providerId);
  const config = row ? samlConfigOf(row) : undefined;
  if (!row || !config) return fail("provider_not_found");
  if (flow && flow.providerId !== providerId) return fail("invalid_in_response_to", "The response reached another provider's ACS");

  let checked;
  try {
    checked = await checkResponse(app, providerId, config, samlResponse);
  } catch (problem) {
    if (problem instanceof SamlProblem) {
      app.log.info({ provider: providerId, reason: problem.message }, "SAML response refused");
      return fail(problem.code, problem.message);
    }
    app.log.warn({ provider: providerId, reason: (problem as Error).message }, "SAML response: unexpected failure");
    return fail("invalid_saml_response");
  }
  if (checked.inResponseTo) {
    if (!flow || flow.requestId !== checked.inResponseTo) return fail("invalid_in_response_to", "The response answers no request of this browser's sign-in");
  } else {
    if (flow) return fail("invalid_in_response_to", "The response names no request");
    if (!config.allowIdpInitiated) return fail("idp_initiated_not_allowed", "This provider does not accept IdP-initiated sign-ins");
  }
  // Each assertion once, across servers (the one-time store's insert is the arbiter).
  const now = app.clock.now();
  const expiresAt = Math.max((checked.notOnOrAfter ?? now + USED_ASSERTION_FALLBACK_MS) + app.config.sso.saml.clockSkewSeconds * 1000, now + 60_000);
  const unused = await issue(app.db, now, { purpose: "saml-assertion-used", secret: `${providerId}\n${checked.assertionId}`, data: { providerId }, expiresAt });
  if (!unused) return fail("assertion_replayed", "This assertion was already used");

  const accepted = config.mfaAuthnContextClassRefs ?? DEFAULT_MFA_CLASSES;
  const attributes = (checked.profile.attributes as Record<string, unknown> | undefined) ?? {};
  const verified: Verified = {
    providerId,
    state: flow ? relayState : undefined,
    flow: flow ? { callbackURL: flow.callbackURL, errorURL: flow.errorURL, newUserURL: flow.newUserURL, desktopHandOff: flow.desktopHandOff } : undefined,
    subject: checked.profile.nameID,
    attributes: { ...attributes, nameID: checked.profile.nameID },
    provesMfa: checked.authnContextClassRefs.some((value) => accepted.includes(value)),
  };
  const secret = randomString(32);
  await issue(app.db, now, { purpose: "saml-verified", secret, data: verified, lifetimeSeconds: VERIFIED_LIFETIME_SECONDS });
  return { kind: "verified", to: withQuery(acsURLOf(app, providerId), { SAMLState: secret }) };
}

function idpInitiatedTarget(app: AppContext, config: SamlConfig): string {
  if (config.callbackUrl) {
    try {
      createOriginPolicy(app.baseURL, app.config.trustedOrigins).assertRedirectTarget(config.callbackUrl, "INVALID_CALLBACK_URL");
      return config.callbackUrl;
    } catch {
      // An untrusted callbackUrl is ignored, never followed.
    }
  }
  return app.baseURL;
}

/** The identity a SAML assertion names, through the provider's mapping (better-auth's attribute names by default). */
function identityOf(verified: Verified, mapping: ClaimMapping | undefined) {
  const attributes = verified.attributes;
  const nameIdEmail = verified.subject.includes("@") ? verified.subject : undefined;
  const email = pick(attributes, [mapping?.email, "email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "urn:oid:0.9.2342.19200300.100.1.3"]) ?? nameIdEmail;
  const given = pick(attributes, [mapping?.firstName, "givenName", "firstName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname"]);
  const family = pick(attributes, [mapping?.lastName, "surname", "sn", "lastName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname"]);
  const name = pick(attributes, [mapping?.name, "displayName", "name", "http://schemas.microsoft.com/identity/claims/displayname"]) ?? ([given, family].filter(Boolean).join(" ") || undefined);
  const verifiedFlag = mapping?.emailVerified ? first(attributes[mapping.emailVerified]) : undefined;
  return { subject: verified.subject, email, emailVerified: verifiedFlag === "true", name, image: null, claims: attributes, mapping };
}

/** Step 3: the browser's GET after the ACS. Never throws for the IdP's or the browser's mistakes. */
export async function resumeSignIn(app: AppContext, browser: BrowserSessions, providerId: string, secret: string | undefined): Promise<CallbackResult> {
  if (!secret) return { kind: "error", error: "invalid_state" };
  const record = await consume(app.db, app.clock.now(), "saml-verified", secret);
  const verified = record?.data as Verified | null | undefined;
  if (!verified || verified.providerId !== providerId) return { kind: "error", error: "invalid_state" };
  const errorURL = verified.flow?.errorURL;
  const fail = (error: string): CallbackResult => ({ kind: "error", errorURL, error });
  if (verified.state !== undefined) {
    // The browser that started the flow must be the one finishing it (login CSRF).
    const bound = browser.readSigned(STATE_COOKIE);
    browser.forgetSigned(STATE_COOKIE);
    if (bound !== verified.state) return fail("invalid_state");
  }
  if (!app.config.sso.enabled) return fail("sso_disabled");
  const row = await store.findProvider(app.db, providerId);
  const config = row ? samlConfigOf(row) : undefined;
  if (!row || !config) return fail("provider_not_found");
  const person = await resolvePerson(app, row, identityOf(verified, config.mapping));
  if (person.kind === "error") return fail(person.error);
  const callbackURL = verified.flow?.callbackURL ?? idpInitiatedTarget(app, config);
  const to = person.isNewUser && verified.flow?.newUserURL ? verified.flow.newUserURL : callbackURL;
  return { ...person, kind: "signed-in", row, to, errorURL, provesMfa: verified.provesMfa, desktopHandOff: verified.flow?.desktopHandOff };
}
