/**
 * What an ID token and /oauth2/userinfo say about a person, per granted scope (OIDC Core §5.4):
 * profile → name, picture, preferred_username; email → email, email_verified; organizations and
 * roles → Latchkey's own claims of those names.
 */
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";

export type Claims = Record<string, unknown>;

/** What the claims are made of (userinfo reads just these, joined to the token). */
export type ClaimsSubject = Pick<UserRow, "id" | "name" | "image" | "username" | "updatedAt" | "email" | "emailVerified" | "role">;

export async function userClaims(app: AppContext, user: ClaimsSubject, scopes: readonly string[]): Promise<Claims> {
  const claims: Claims = { sub: user.id };
  if (scopes.includes("profile")) {
    claims.name = user.name;
    if (user.image) claims.picture = user.image;
    if (user.username) claims.preferred_username = user.username;
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
  return claims;
}

/** How the person signed in, as the ID token tells it (auth_time, amr, acr, sid). */
export interface SignInFacts {
  authTime: number;
  amr: string[];
  acr: string;
  sessionId: string;
}

/**
 * RFC 8176 method names from the way the session began: a password ("pwd"), a passkey ("hwk"),
 * a social provider ("fed"), a mailed link ("email"); with the second step passed, "mfa" and "otp".
 */
export function signInFacts(user: UserRow, session: { id: string; createdAt: number }): SignInFacts {
  const method = user.lastSignInMethod ?? "";
  const amr: string[] = [];
  if (method === "passkey") amr.push("hwk");
  else if (method.startsWith("social:")) amr.push("fed");
  else if (method === "email-verification") amr.push("email");
  else amr.push("pwd");
  if (user.twoFactorEnabled === 1 && amr[0] === "pwd") amr.push("otp", "mfa");
  return { authTime: Math.floor(Number(session.createdAt) / 1000), amr, acr: amr.includes("mfa") || amr.includes("hwk") ? "urn:latchkey:acr:mfa" : "urn:latchkey:acr:single", sessionId: session.id };
}
