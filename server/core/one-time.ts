/**
 * The one store for short-lived secrets: mailed links, browser handles to server-side state,
 * and marks that something was used. Every row lives in the `verification` table under
 * `<purpose>:<SHA-256 of the secret>`, so the raw secret exists only where it was handed out
 * (a mail, a signed cookie, a client) and a copy of the database gives none of them.
 *
 * - Expiry is part of every query (`expiresAt > now`): an expired secret is gone for peek,
 *   consume and swap even before the sweep deletes its row. Callers never compare times.
 * - `identifier` is unique (migration 0012), so "issue unless a live one exists" is one insert:
 *   of two concurrent issues of the same secret exactly one succeeds.
 * - Consuming deletes and returns in one statement: of two concurrent consumes exactly one gets
 *   the row, on SQLite and PostgreSQL alike.
 * - The row's owner is the `userId` column (a foreign key that cascades), so a user's secrets go
 *   with the user and "forget this user's trusted devices" is an indexed delete, not a text search.
 *
 * Purposes, lifetimes and where each is issued and consumed: docs/security.md, "One-time secrets".
 */
import type { Kysely } from "kysely";
import { hashSecret, newId } from "../crypto/tokens.js";
import type { Database, VerificationRow } from "../db/types.js";

type Q = Kysely<Database>;

export type OneTimePurpose =
  /** Mailed links. */
  | "verify-email"
  | "reset-password"
  | "change-email"
  | "delete-account"
  /** Passwordless sign-in (core/sign-in/passwordless.ts): a mailed link, a mailed code (its keyed hash, by address and type), and the per-address mail count. */
  | "magic-link"
  | "email-otp"
  | "mail-to-address"
  /** Social sign-in: the OAuth flow between start and callback, and the CLI's hand-off code. */
  | "oauth-state"
  /** Enterprise SSO (features/sso): the OpenID flow between /sign-in/sso and its callback. */
  | "sso-state"
  /** SAML (features/sso/saml-*.ts): the AuthnRequest's flow keyed by its RelayState, a checked response waiting for the browser's GET, and each assertion ID already used. */
  | "saml-request"
  | "saml-verified"
  | "saml-assertion-used"
  /** The command line's browser sign-in: awaiting the person's approval, then the approved code. */
  | "cli-approval"
  | "cli-hand-off"
  /** The desktop app's hand-off code (@better-auth/electron's format): issued by the sign-in core, redeemed at /electron/token. */
  | "desktop-hand-off"
  /** Two-factor: the sign-in waiting for its second step, a mailed code, a trusted browser. */
  | "two-factor-pending"
  | "two-factor-otp"
  | "trust-device"
  /** Passkeys: a WebAuthn ceremony's challenge. */
  | "passkey-challenge"
  /** How a session's sign-in went (core/sign-in/session-facts.ts), keyed by the session id. */
  | "session-sign-in"
  /** The older mark of a passkey session, only read now (session-sign-in replaced it; it expires by itself). */
  | "passkey-session"
  /** A provider ID token that already signed someone in (kept until the token expires). */
  | "id-token-used"
  /** The OpenID provider (features/oauth-provider): an authorization request waiting for sign-in or consent, and its code. */
  | "oauth-authorize-request"
  | "oauth-code"
  /** The OpenID provider's end-session without an ID token for this browser's session: waiting for the person to confirm. */
  | "oauth-end-session-request"
  /** The device grant (core/device-grant.ts): the device's polling code, the code a person types, and their wrong tries. */
  | "device-code"
  | "device-user-code"
  | "device-code-tries"
  /** An ALTCHA challenge whose solution was accepted (features/captcha): kept until the challenge expires, so it answers once. */
  | "captcha-solution";

/** A live secret's row, as read. `data` is what was issued (parsed JSON; null if unreadable). */
export interface OneTimeRecord {
  readonly id: string;
  readonly userId: string | null;
  readonly data: unknown;
  /** The stored JSON text, which `swap` compares against. */
  readonly value: string;
  readonly expiresAt: number;
  readonly createdAt: number;
}

export type IssueInput = {
  purpose: OneTimePurpose;
  /** The raw secret; only its digest is stored. */
  secret: string;
  /** What the secret stands for, kept as JSON. */
  data: unknown;
  /** Whose secret this is: it is deleted with the user, and `forgetAllOf` finds it. */
  userId?: string | null;
} & (
  | { /** Valid this long from now. */ lifetimeSeconds: number }
  | { /** Valid until then (milliseconds), e.g. a token's own expiry. */ expiresAt: number }
);

export function identifierOf(purpose: OneTimePurpose, secret: string): string {
  return `${purpose}:${hashSecret(secret)}`;
}

function rowValues(now: number, input: IssueInput) {
  return {
    identifier: identifierOf(input.purpose, input.secret),
    value: JSON.stringify(input.data ?? null),
    userId: input.userId ?? null,
    expiresAt: "expiresAt" in input ? input.expiresAt : now + input.lifetimeSeconds * 1000,
    nonce: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Stores the secret. False when the same secret of this purpose is already live (an expired
 * leftover is replaced): one statement, so of two concurrent issues exactly one gets true.
 * Random secrets never collide; "id-token-used" relies on the false to refuse a second use.
 */
export async function issue(db: Q, now: number, input: IssueInput): Promise<boolean> {
  const values = rowValues(now, input);
  const result = await db
    .insertInto("verification")
    .values({ id: newId(), ...values })
    .onConflict((oc) =>
      oc
        .column("identifier")
        .doUpdateSet({ value: values.value, userId: values.userId, expiresAt: values.expiresAt, createdAt: now, updatedAt: now })
        .where("verification.expiresAt", "<=", now),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Stores the secret, replacing a live one of the same purpose (a new mailed code supersedes the last). */
export async function reissue(db: Q, now: number, input: IssueInput): Promise<void> {
  const values = rowValues(now, input);
  await db
    .insertInto("verification")
    .values({ id: newId(), ...values })
    .onConflict((oc) => oc.column("identifier").doUpdateSet({ value: values.value, userId: values.userId, expiresAt: values.expiresAt, createdAt: now, updatedAt: now }))
    .execute();
}

function toRecord(row: VerificationRow): OneTimeRecord {
  let data: unknown = null;
  try {
    data = JSON.parse(row.value);
  } catch {
    // A row written before migration 0012 or by hand: the caller sees no data and refuses.
  }
  return { id: row.id, userId: row.userId, data, value: row.value, expiresAt: Number(row.expiresAt), createdAt: Number(row.createdAt) };
}

/** The live secret without using it (e.g. to check a reset link before showing the form). */
export async function peek(db: Q, now: number, purpose: OneTimePurpose, secret: string): Promise<OneTimeRecord | undefined> {
  const row = await db
    .selectFrom("verification")
    .selectAll()
    .where("identifier", "=", identifierOf(purpose, secret))
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The live row of an identifier another secret's data points at (a device grant's user code names its device code's row). */
export async function peekIdentifier(db: Q, now: number, identifier: string): Promise<OneTimeRecord | undefined> {
  const row = await db.selectFrom("verification").selectAll().where("identifier", "=", identifier).where("expiresAt", ">", now).executeTakeFirst();
  return row && toRecord(row);
}

/** Uses the secret up: deletes and returns its row in one statement; undefined when absent, used or expired. */
export async function consume(db: Q, now: number, purpose: OneTimePurpose, secret: string): Promise<OneTimeRecord | undefined> {
  const row = await db
    .deleteFrom("verification")
    .where("identifier", "=", identifierOf(purpose, secret))
    .where("expiresAt", ">", now)
    .returningAll()
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The secret's row only if it has expired (and is not swept yet). For answers that tell "expired"
 * from "invalid" (TOKEN_EXPIRED, an OAuth state's "please restart"); it never makes one usable.
 */
export async function findExpired(db: Q, now: number, purpose: OneTimePurpose, secret: string): Promise<OneTimeRecord | undefined> {
  const row = await db
    .selectFrom("verification")
    .selectAll()
    .where("identifier", "=", identifierOf(purpose, secret))
    .where("expiresAt", "<=", now)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Replaces a live secret's data only if it is still what `record` read (compare-and-swap), e.g.
 * an attempt counter that must not lose an update to a concurrent request. True when this call won.
 */
export async function swap(db: Q, now: number, record: OneTimeRecord, data: unknown): Promise<boolean> {
  const result = await db
    .updateTable("verification")
    .set({ value: JSON.stringify(data ?? null), updatedAt: now })
    .where("id", "=", record.id)
    .where("value", "=", record.value)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets every secret of this purpose that belongs to the user (e.g. all their trusted devices). */
export async function forgetAllOf(db: Q, purpose: OneTimePurpose, userId: string): Promise<number> {
  const result = await db.deleteFrom("verification").where("userId", "=", userId).where("identifier", "like", `${purpose}:%`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The periodic sweep: deletes every expired row, of every purpose. */
export async function sweepExpired(db: Q, now: number): Promise<number> {
  const result = await db.deleteFrom("verification").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
