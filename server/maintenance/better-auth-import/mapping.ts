/**
 * One better-auth row → the Latchkey row that carries it on, or the reason it cannot be carried.
 * Ids are kept (better-auth's ids are random text like ours), so references between rows hold,
 * JWTs keep their `kid`, and a second import finds what the first one wrote.
 *
 * - Passwords: better-auth's scrypt `salt:key` hashes are kept; Latchkey verifies them and
 *   re-hashes to argon2id at the next sign-in (crypto/password.ts).
 * - Sessions: better-auth stores the raw token; Latchkey stores its digest (crypto/tokens.ts), so
 *   the bearer tokens and cookies already out there keep working.
 * - Values better-auth encrypted with its secret (TOTP seeds, backup codes, JWKS private keys,
 *   provider tokens) are opened with it (decrypt.ts) and sealed with Latchkey's secret.
 * - API keys: better-auth and Latchkey both keep base64url SHA-256 of the key: copied as they are.
 */
import { hashSecret } from "../../crypto/tokens.js";
import { seal } from "../../crypto/encrypt.js";
import { sealToken } from "../../features/social/sealed-tokens.js";
import { SSO_SECRET_PURPOSE } from "../../features/sso/secret.js";
import { PURPOSE as JWKS_PRIVATE_KEY } from "../../core/signing-keys/keys.js";
import { sealTotpSecret } from "../../features/two-factor/totp.js";
import { sealBackupCodes } from "../../features/two-factor/backup-codes.js";
import { betterAuthDecrypt, looksEncrypted } from "./decrypt.js";
import type { Model, SourceRow } from "./source.js";

export type TargetRow = Record<string, unknown>;
export type Mapped = { row: TargetRow; plain?: Record<string, string | null> } | { skip: string };

export interface MappingContext {
  betterAuthSecret: string;
  latchkeySecret: string;
  now: number;
}

/** better-auth's user columns with a Latchkey column of the same name; every other column goes into additionalFields. */
const USER_COLUMNS = new Set(["id", "email", "name", "image", "emailVerified", "createdAt", "updatedAt", "role", "banned", "banReason", "banExpires", "username", "displayUsername", "twoFactorEnabled"]);

/** Milliseconds from what either driver hands over: a Date, ms, seconds, an ISO string. */
export function millis(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return value < 100_000_000_000 ? value * 1000 : value;
  if (typeof value === "string") {
    if (/^-?\d+(\.\d+)?$/.test(value)) return millis(Number(value));
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function flag(value: unknown): number {
  return value === true || value === 1 || value === "1" || value === "true" || value === 1n ? 1 : 0;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function int(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** A value better-auth may have encrypted: opened when it is, kept when it is plain; null when it is encrypted under another secret. */
function maybeEncrypted(value: string, ctx: MappingContext): string | null {
  if (!looksEncrypted(value)) return value;
  return betterAuthDecrypt(value, ctx.betterAuthSecret) ?? (value.startsWith("$ba$") ? null : value);
}

function user(row: SourceRow, ctx: MappingContext): Mapped {
  const email = text(row.email);
  if (!email) return { skip: "no email address" };
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!USER_COLUMNS.has(key) && value !== null && value !== undefined) extra[key] = value instanceof Date ? value.toISOString() : value;
  const createdAt = millis(row.createdAt) ?? ctx.now;
  return {
    row: {
      id: text(row.id),
      email: email.toLowerCase(),
      name: text(row.name) ?? "",
      image: text(row.image),
      emailVerified: flag(row.emailVerified),
      createdAt,
      updatedAt: millis(row.updatedAt) ?? createdAt,
      role: text(row.role) || "user",
      banned: flag(row.banned),
      banReason: text(row.banReason),
      banExpires: millis(row.banExpires),
      username: text(row.username)?.toLowerCase() ?? null,
      displayUsername: text(row.displayUsername),
      twoFactorEnabled: flag(row.twoFactorEnabled),
      additionalFields: Object.keys(extra).length ? JSON.stringify(extra) : null,
    },
  };
}

function session(row: SourceRow, ctx: MappingContext): Mapped {
  const token = text(row.token);
  const expiresAt = millis(row.expiresAt);
  if (!token) return { skip: "no token" };
  if (expiresAt === null || expiresAt <= ctx.now) return { skip: "expired" };
  const createdAt = millis(row.createdAt) ?? ctx.now;
  return {
    row: {
      id: text(row.id),
      token: hashSecret(token),
      userId: text(row.userId),
      expiresAt,
      ipAddress: text(row.ipAddress),
      userAgent: text(row.userAgent),
      createdAt,
      updatedAt: millis(row.updatedAt) ?? createdAt,
      activeOrganizationId: text(row.activeOrganizationId),
      activeTeamId: text(row.activeTeamId),
      impersonatedBy: text(row.impersonatedBy),
    },
  };
}

function account(row: SourceRow, ctx: MappingContext): Mapped {
  const tokens: Record<string, string | null> = {};
  for (const column of ["accessToken", "refreshToken", "idToken"]) {
    const value = text(row[column]);
    if (!value) {
      tokens[column] = null;
      continue;
    }
    const plain = maybeEncrypted(value, ctx);
    if (plain === null) return { skip: `its ${column} is encrypted under another better-auth secret` };
    tokens[column] = plain;
  }
  const createdAt = millis(row.createdAt) ?? ctx.now;
  return {
    row: {
      id: text(row.id),
      providerId: text(row.providerId),
      accountId: text(row.accountId),
      userId: text(row.userId),
      password: text(row.password),
      accessToken: sealToken(ctx.latchkeySecret, tokens.accessToken),
      refreshToken: sealToken(ctx.latchkeySecret, tokens.refreshToken),
      idToken: sealToken(ctx.latchkeySecret, tokens.idToken),
      accessTokenExpiresAt: millis(row.accessTokenExpiresAt),
      refreshTokenExpiresAt: millis(row.refreshTokenExpiresAt),
      scope: text(row.scope),
      createdAt,
      updatedAt: millis(row.updatedAt) ?? createdAt,
    },
    plain: tokens,
  };
}

function organization(row: SourceRow, ctx: MappingContext): Mapped {
  const slug = text(row.slug);
  if (!slug) return { skip: "no slug" };
  return { row: { id: text(row.id), name: text(row.name) ?? slug, slug: slug.toLowerCase(), logo: text(row.logo), metadata: text(row.metadata), createdAt: millis(row.createdAt) ?? ctx.now, updatedAt: millis(row.updatedAt) } };
}

function member(row: SourceRow, ctx: MappingContext): Mapped {
  return { row: { id: text(row.id), organizationId: text(row.organizationId), userId: text(row.userId), role: text(row.role) || "member", teamId: null, createdAt: millis(row.createdAt) ?? ctx.now } };
}

function team(row: SourceRow, ctx: MappingContext): Mapped {
  return { row: { id: text(row.id), name: text(row.name) ?? "", organizationId: text(row.organizationId), createdAt: millis(row.createdAt) ?? ctx.now, updatedAt: millis(row.updatedAt) } };
}

function teamMember(row: SourceRow, ctx: MappingContext): Mapped {
  return { row: { id: text(row.id), teamId: text(row.teamId), userId: text(row.userId), createdAt: millis(row.createdAt) ?? ctx.now } };
}

function invitation(row: SourceRow, ctx: MappingContext): Mapped {
  const expiresAt = millis(row.expiresAt);
  if (expiresAt === null) return { skip: "no expiry" };
  return {
    row: {
      id: text(row.id),
      organizationId: text(row.organizationId),
      email: (text(row.email) ?? "").toLowerCase(),
      role: text(row.role) || "member",
      status: text(row.status) || "pending",
      teamId: text(row.teamId),
      inviterId: text(row.inviterId),
      expiresAt,
      createdAt: millis(row.createdAt) ?? ctx.now,
    },
  };
}

/** better-auth's backup codes: a JSON list, encrypted (its default) or plain (`storeBackupCodes: "plain"`). */
function backupCodes(stored: string, ctx: MappingContext): string[] | null {
  const json = looksEncrypted(stored) ? betterAuthDecrypt(stored, ctx.betterAuthSecret) : stored;
  if (json === null) return null;
  try {
    const codes = JSON.parse(json) as unknown;
    return Array.isArray(codes) && codes.every((c) => typeof c === "string") ? codes : null;
  } catch {
    return null;
  }
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * better-auth keys TOTP with its secret's UTF-8 bytes (the authenticator app got their base32 in
 * the otpauth URI); Latchkey keeps the seed as base32 (otplib's form): the same bytes, re-encoded.
 */
function base32(text: string): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function twoFactor(row: SourceRow, ctx: MappingContext): Mapped {
  const stored = text(row.secret);
  if (!stored) return { skip: "no TOTP secret" };
  const raw = looksEncrypted(stored) ? betterAuthDecrypt(stored, ctx.betterAuthSecret) : stored;
  if (raw === null) return { skip: "its TOTP secret does not open under the better-auth secret given" };
  const seed = base32(raw);
  const codes = backupCodes(text(row.backupCodes) ?? "[]", ctx);
  if (codes === null) return { skip: "its backup codes do not open under the better-auth secret given" };
  return {
    row: {
      id: text(row.id),
      userId: text(row.userId),
      secret: sealTotpSecret(seed, ctx.latchkeySecret),
      backupCodes: sealBackupCodes(codes, ctx.latchkeySecret),
      // better-auth before `verified` existed (NULL) enabled two-factor only after a first code.
      verified: row.verified === null || row.verified === undefined ? 1 : flag(row.verified),
      lastUsedStep: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
    plain: { secret: seed, backupCodes: JSON.stringify(codes.map((c) => c.trim().replace(/[-\s]/g, ""))) },
  };
}

function passkey(row: SourceRow, ctx: MappingContext): Mapped {
  return {
    row: {
      id: text(row.id),
      name: text(row.name),
      publicKey: text(row.publicKey),
      userId: text(row.userId),
      credentialID: text(row.credentialID ?? row.credentialId),
      counter: int(row.counter) ?? 0,
      deviceType: text(row.deviceType) ?? "singleDevice",
      backedUp: flag(row.backedUp),
      transports: text(row.transports),
      aaguid: text(row.aaguid),
      createdAt: millis(row.createdAt) ?? ctx.now,
    },
  };
}

function apikey(row: SourceRow, ctx: MappingContext): Mapped {
  const owner = text(row.referenceId ?? row.userId);
  if (!owner) return { skip: "no owner (referenceId or userId)" };
  const createdAt = millis(row.createdAt) ?? ctx.now;
  return {
    row: {
      id: text(row.id),
      configId: text(row.configId) ?? "default",
      name: text(row.name),
      start: text(row.start),
      prefix: text(row.prefix),
      key: text(row.key),
      referenceId: owner,
      refillInterval: int(row.refillInterval),
      refillAmount: int(row.refillAmount),
      lastRefillAt: millis(row.lastRefillAt),
      enabled: row.enabled === null || row.enabled === undefined ? 1 : flag(row.enabled),
      rateLimitEnabled: flag(row.rateLimitEnabled),
      rateLimitTimeWindow: int(row.rateLimitTimeWindow),
      rateLimitMax: int(row.rateLimitMax),
      requestCount: int(row.requestCount) ?? 0,
      remaining: int(row.remaining),
      lastRequest: millis(row.lastRequest),
      expiresAt: millis(row.expiresAt),
      createdAt,
      updatedAt: millis(row.updatedAt) ?? createdAt,
      permissions: text(row.permissions),
      metadata: text(row.metadata),
    },
  };
}

/** better-auth's jwt plugin stores the private JWK as JSON: the JWK itself, or (encrypted, its default) a JSON string of the ciphertext. */
function jwks(row: SourceRow, ctx: MappingContext): Mapped {
  const stored = text(row.privateKey);
  if (!stored) return { skip: "no private key" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = stored;
  }
  const jwk = typeof parsed === "string" ? betterAuthDecrypt(parsed, ctx.betterAuthSecret) : JSON.stringify(parsed);
  if (jwk === null) return { skip: "its private key does not open under the better-auth secret given" };
  const publicKey = text(row.publicKey);
  const publicJwk = publicKey ? (JSON.parse(publicKey) as { crv?: string; kty?: string }) : {};
  const alg = text(row.alg) ?? (publicJwk.crv === "Ed25519" ? "EdDSA" : publicJwk.kty === "RSA" ? "RS256" : publicJwk.crv === "P-256" ? "ES256" : "EdDSA");
  return {
    row: { id: text(row.id), publicKey, privateKey: seal(jwk, ctx.latchkeySecret, JWKS_PRIVATE_KEY), alg, crv: text(row.crv) ?? publicJwk.crv ?? null, createdAt: millis(row.createdAt) ?? ctx.now, expiresAt: millis(row.expiresAt) },
    plain: { privateKey: jwk },
  };
}

/** Keys of better-auth's SAML config that hold private keys: Latchkey does not sign AuthnRequests, so they are dropped, not stored in clear. */
const SAML_PRIVATE_KEYS = ["privateKey", "privateKeyPass", "encPrivateKey", "encPrivateKeyPass"];

/**
 * @better-auth/sso's provider rows (issue 35): the OIDC client secret leaves the config JSON and is
 * sealed in its own column; SAML private keys are dropped, and with them `authnRequestsSigned`
 * (the provider would claim to sign with no key: updating it with `authnRequestsSigned: true`
 * makes a new one); no timestamps in the source, so now.
 */
function ssoProvider(row: SourceRow, ctx: MappingContext): Mapped {
  const parse = (value: unknown): Record<string, unknown> | null => {
    const raw = text(value);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as unknown;
      return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const oidc = parse(row.oidcConfig);
  const saml = parse(row.samlConfig);
  if (!oidc && !saml) return { skip: "neither its OIDC nor its SAML configuration reads as JSON" };
  const secret = oidc && typeof oidc.clientSecret === "string" ? oidc.clientSecret : null;
  if (oidc) delete oidc.clientSecret;
  if (saml) {
    for (const key of SAML_PRIVATE_KEYS) delete saml[key];
    if (saml.authnRequestsSigned) saml.authnRequestsSigned = false;
    for (const nested of ["spMetadata", "idpMetadata"]) {
      const part = saml[nested];
      if (part && typeof part === "object") for (const key of SAML_PRIVATE_KEYS) delete (part as Record<string, unknown>)[key];
    }
  }
  return {
    row: {
      id: text(row.id),
      providerId: text(row.providerId),
      issuer: text(row.issuer),
      domain: text(row.domain),
      domainVerified: flag(row.domainVerified),
      domainVerificationToken: null,
      domainVerificationExpiresAt: null,
      organizationId: text(row.organizationId),
      userId: text(row.userId),
      oidcConfig: oidc ? JSON.stringify(oidc) : null,
      samlConfig: saml ? JSON.stringify(saml) : null,
      clientSecret: secret ? seal(secret, ctx.latchkeySecret, SSO_SECRET_PURPOSE) : null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    },
    plain: { clientSecret: secret },
  };
}

/**
 * better-auth's verification rows (password-reset tokens, email OTPs, sign-in states) key on its
 * own identifiers and value formats, which Latchkey's one-time secrets do not share: a pending
 * reset or OTP is asked for again. (Its email verification links are signed JWTs, not rows.)
 */
function verification(): Mapped {
  return { skip: "better-auth's one-time token formats differ from Latchkey's: the user asks for a new mail or code" };
}

export const MAPPERS: Record<Model, (row: SourceRow, ctx: MappingContext) => Mapped> = {
  user,
  organization,
  team,
  member,
  invitation,
  teamMember,
  session,
  account,
  twoFactor,
  passkey,
  apikey,
  ssoProvider,
  jwks,
  verification,
};
