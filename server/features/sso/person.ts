/**
 * What the OpenID and SAML sign-ins share once the provider has vouched for someone: the person
 * (their SSO account, else an existing account linked only under a verified domain, else a new
 * one), their membership in the provider's organization with the role mapping, and the result
 * routes.ts hands to completeSignIn.
 */
import { organizationRoleTable, splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow, UserRow } from "../../db/types.js";
import type { DesktopHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { findUserByEmail, findUserById, updateUser } from "../../core/user/store.js";
import { newId } from "../../crypto/tokens.js";
import { domainMatches, type ClaimMapping } from "./config.js";
import { domainTrusted } from "./service.js";
import * as store from "./store.js";

/** The signed cookie that binds a sign-in's state to the browser that started it (OpenID and SAML). */
export const STATE_COOKIE = "sso_state";

export type CallbackResult =
  | { kind: "error"; errorURL?: string; error: string; description?: string }
  | SignedIn;

/** A sign-in the provider vouched for, ready for completeSignIn (routes.ts), from OpenID or SAML. */
export interface SignedIn {
  kind: "signed-in";
  user: UserRow;
  row: SsoProviderRow;
  to: string;
  errorURL?: string;
  isNewUser: boolean;
  linked: boolean;
  joined?: string;
  /** The provider asserted more than one factor (amr, AuthnContextClassRef). */
  provesMfa: boolean;
  desktopHandOff?: DesktopHandOff;
}

/** The organization role a claim maps to, if it names a role the organization has (never `owner`). */
function mappedRole(app: AppContext, mapping: ClaimMapping | undefined, claims: Record<string, unknown>): string {
  const fallback = app.config.sso.defaultRole;
  if (!mapping?.role) return fallback;
  const raw = claims[mapping.role];
  const values = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  const table = organizationRoleTable(app.config.organization.roles);
  for (const value of values) {
    const role = mapping.roleMap ? mapping.roleMap[value] : value;
    // Ownership is given by people, never by an identity provider's claim.
    if (role && role !== "owner" && splitRoles(role).every((name) => Object.hasOwn(table, name))) return role;
  }
  return fallback;
}

/** Who the provider says signed in, whatever the protocol (OpenID claims or SAML attributes). */
export interface ProviderIdentity {
  /** The person's stable id at the provider (`sub`, or the SAML NameID): the account's accountId. */
  subject: string;
  email: string | undefined;
  /** The provider's own statement that the address is verified (email_verified, or a mapped attribute). */
  emailVerified: boolean;
  name: string | undefined;
  image: string | null;
  /** All claims or attributes, for the role mapping. */
  claims: Record<string, unknown>;
  mapping: ClaimMapping | undefined;
}

export type PersonResult = { kind: "error"; error: string } | { kind: "person"; user: UserRow; isNewUser: boolean; linked: boolean; joined?: string };

/**
 * The person behind a checked sign-in at a provider: their SSO account, else an existing account
 * linked only under a verified domain, else a new one; then their membership in the provider's
 * organization. The same for OpenID and SAML; the session itself is completeSignIn's.
 */
export async function resolvePerson(app: AppContext, row: SsoProviderRow, identity: ProviderIdentity): Promise<PersonResult> {
  const providerId = row.providerId;
  const fail = (error: string): PersonResult => ({ kind: "error", error });
  const email = identity.email?.toLowerCase();
  if (!email || !email.includes("@")) return fail("email_not_found");
  const emailDomain = email.split("@")[1]!;
  // The provider speaks for its own domains once they are verified; for any other address only its email_verified claim does.
  const vouched = domainTrusted(app, row) && domainMatches(emailDomain, row.domain);
  const emailVerified = vouched || identity.emailVerified;
  const sub = identity.subject;

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
      const name = identity.name ?? email.split("@")[0]!;
      try {
        user = await createUserRecord(app, { email, name, image: identity.image, emailVerified, role: app.config.admin.defaultRole, passwordHash: null });
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
      joined = mappedRole(app, identity.mapping, identity.claims);
      await app.db
        .insertInto("member")
        .values({ id: newId(), organizationId: row.organizationId, userId: user.id, role: joined, teamId: null, createdAt: app.clock.now() })
        .onConflict((conflict) => conflict.columns(["organizationId", "userId"]).doNothing())
        .execute();
    }
  }
  return { kind: "person", user, isNewUser, linked, joined };
}

async function insertAccount(app: AppContext, userId: string, providerId: string, accountId: string): Promise<void> {
  const now = app.clock.now();
  await app.db
    .insertInto("account")
    .values({ id: newId(), providerId, accountId, userId, password: null, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: now, updatedAt: now })
    .execute();
}
