/**
 * What an ID token and /oauth2/userinfo say about a person, per granted scope (OIDC Core §5.4):
 * profile → name, picture, preferred_username (always: the username if set, else the email, so an
 * app that names people by it — Outline, Grafana's login — has one for everyone); email → email,
 * email_verified; organizations and roles → Latchkey's own claims of those names; groups → a flat
 * string array of organizations, roles and teams (groups-claim.ts).
 */
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { sessionSignIn } from "../../core/sign-in/session-facts.js";
import { groupsClaim } from "./groups-claim.js";

export type Claims = Record<string, unknown>;

/** What the claims are made of (userinfo reads just these, joined to the token). */
export type ClaimsSubject = Pick<UserRow, "id" | "name" | "image" | "username" | "updatedAt" | "email" | "emailVerified" | "role">;

export async function userClaims(app: AppContext, user: ClaimsSubject, scopes: readonly string[]): Promise<Claims> {
  const claims: Claims = { sub: user.id };
  if (scopes.includes("profile")) {
    claims.name = user.name;
    if (user.image) claims.picture = user.image;
    claims.preferred_username = user.username || user.email;
    claims.updated_at = Math.floor(Number(user.updatedAt) / 1000);
  }
  if (scopes.includes("email")) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified === 1;
  }
  if (scopes.includes("roles")) claims.roles = user.role.split(",").map((r) => r.trim()).filter(Boolean);
  if (scopes.includes("organizations")) {
    const rows = await app.db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["organization.id", "organization.slug", "organization.name", "member.role"])
      .where("member.userId", "=", user.id)
      .orderBy("organization.name")
      .execute();
    claims.organizations = rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, role: row.role }));
  }
  if (scopes.includes("groups")) claims.groups = await groupsClaim(app, user.id);
  return claims;
}

/** How the person signed in, as the ID token tells it (auth_time, amr, acr, sid). */
export interface SignInFacts {
  authTime: number;
  amr: string[];
  acr: string;
  sessionId: string;
}

const ACR_SINGLE = "urn:latchkey:acr:single";
const ACR_MFA = "urn:latchkey:acr:mfa";

/** RFC 8176 name of a first factor: a passkey "hwk", a social or SSO provider "fed", a mailed link "email", else a password "pwd". */
function firstFactorAmr(method: string): string {
  if (method === "passkey") return "hwk";
  if (method.startsWith("social:") || method.startsWith("one-tap:") || method.startsWith("sso:")) return "fed";
  if (method === "email-verification") return "email";
  return "pwd";
}

/**
 * The sign-in of the session the authorization came from, as recorded when that session was
 * created (core/sign-in/session-facts.ts) — not the account's latest sign-in elsewhere, nor
 * whether it has two-factor on. A code passed at the second step (TOTP, a mailed code, a backup
 * code) adds "otp" and, with the first factor, "mfa"; a trusted browser that skipped the step adds
 * nothing (nothing was presented). A passkey with user verification is two factors by itself: amr
 * stays ["hwk"], acr is mfa. An SSO sign-in is "fed", and ["fed", "mfa"] with acr mfa when the
 * organization's identity provider asserted its own second factor. A session without a record (older, or imported) gets the account's
 * last method and never otp, mfa or acr mfa: a relying party may grant access on them.
 */
export async function signInFacts(app: AppContext, user: UserRow, session: { id: string; createdAt: number }): Promise<SignInFacts> {
  const recorded = await sessionSignIn(app, session.id, user.id);
  const amr = [firstFactorAmr(recorded?.method ?? user.lastSignInMethod ?? "")];
  const presentedCode = recorded?.secondFactor !== undefined && recorded.secondFactor !== "trusted-device";
  if (presentedCode) amr.push("otp", "mfa");
  // An SSO identity provider that asserted its own second factor (amr, AuthnContextClassRef) stood in for Latchkey's.
  else if (recorded?.userVerified === true && recorded.method.startsWith("sso:")) amr.push("mfa");
  const twoFactors = presentedCode || recorded?.userVerified === true;
  return { authTime: Math.floor(Number(session.createdAt) / 1000), amr, acr: twoFactors ? ACR_MFA : ACR_SINGLE, sessionId: session.id };
}
