/**
 * Credential kinds and what each may do (docs/security.md, "Credential kinds and their powers").
 * A request is authenticated by one of four kinds; the endpoint's declaration in the contract
 * (`access`, `credentials`, `reauthenticates`) says what it needs, and this is the one place the
 * two meet. Handlers then receive a session they may act on.
 *
 * | kind             | how it arrives                      | fresh?                        | may manage credentials |
 * |------------------|-------------------------------------|-------------------------------|------------------------|
 * | browser session  | the session cookie                  | within session.freshAge       | yes, when fresh        |
 * | bearer session   | Authorization: Bearer               | within session.freshAge       | yes, when fresh        |
 * | API key          | x-api-key                           | never (a key is not a person) | never                  |
 * | impersonation    | a session an administrator opened   | —                             | never                  |
 */
import type { EndpointSpec } from "../../../shared/contract/endpoint.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { SessionRow } from "../../db/types.js";

export type CredentialKind = "browser-session" | "bearer-session" | "api-key" | "impersonation";

export function credentialKindOf(input: { apiKey: boolean; session: Pick<SessionRow, "impersonatedBy">; viaCookie: boolean }): CredentialKind {
  if (input.apiKey) return "api-key";
  if (input.session.impersonatedBy) return "impersonation";
  return input.viaCookie ? "browser-session" : "bearer-session";
}

/** Whether the session was created within `session.freshAge` (0 turns the check off). */
export function isFresh(app: AppContext, session: Pick<SessionRow, "createdAt">): boolean {
  const { freshAge } = app.config.session;
  return freshAge === 0 || app.clock.now() - Number(session.createdAt) <= freshAge * 1000;
}

/**
 * Refuses what this kind of credential may not do at this endpoint:
 * - an API key never counts as a fresh session, so it reaches no `fresh-session` endpoint, and it
 *   never manages credentials (a leaked key must not become a passkey, a password or a new key);
 * - neither lets an app into the person's account (`credentials: "grant"`, the OpenID provider's
 *   consent): only the person's own session does;
 * - neither changes the server's settings (`credentials: "configure"`): only a person's own session;
 * - an impersonation never manages the impersonated person's credentials (administrators have
 *   their own endpoints for that: set-user-password, reset-two-factor, remove-user);
 * - a person's own session manages credentials only while fresh, or when the endpoint checks the
 *   current password itself.
 */
export function assertMayCall(app: AppContext, spec: EndpointSpec, kind: CredentialKind, session: Pick<SessionRow, "createdAt">): void {
  const manages = spec.credentials === "manage";
  const grants = spec.credentials === "grant";
  const configures = spec.credentials === "configure";
  if (kind === "api-key") {
    if (manages || grants || configures || spec.access === "fresh-session") throw apiError("API_KEY_NOT_ALLOWED");
    return;
  }
  if (kind === "impersonation" && configures) throw apiError("SETTINGS_NOT_ALLOWED_WHILE_IMPERSONATING");
  if (kind === "impersonation" && (manages || grants)) throw apiError("NOT_ALLOWED_WHILE_IMPERSONATING");
  const needsFresh = spec.access === "fresh-session" || (manages && spec.reauthenticates === undefined);
  if (needsFresh && !isFresh(app, session)) throw apiError("SESSION_NOT_FRESH");
}

/**
 * A JWT (`/token`, the `set-auth-jwt` header) carries the user and nothing of a key's narrowing,
 * so a key limited by permissions never gets one: it would be a way out of its limits.
 */
export function mayReceiveJwt(auth: { kind: CredentialKind; apiKey?: { permissions: unknown } } | null): boolean {
  return auth !== null && (auth.kind !== "api-key" || auth.apiKey?.permissions === null);
}
