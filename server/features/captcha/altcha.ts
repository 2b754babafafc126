/**
 * ALTCHA, the self-hosted proof of work (issue 40, item 2): this server issues a challenge signed
 * with an HMAC key derived from the server secret, the browser (or the CLI) searches for the
 * number whose SHA-256 with the salt is the challenge, and sends it back as the widget's base64
 * JSON payload in `x-captcha-response`. Nothing leaves the machine.
 *
 * Why these choices:
 * - The key is HKDF(server secret, "altcha-challenge"): no new secret to keep, and during a secret
 *   rotation (AUTH_PREVIOUS_SECRETS) a challenge signed just before the switch still verifies.
 * - The expiry sits in the signed salt (`?expires=`, altcha-lib's format) and is checked against
 *   the server's clock, so a challenge needs no row until it is solved.
 * - Single use: an accepted challenge is recorded in the one-time store (the `verification` table,
 *   shared by every server on the database) until it expires; a second use finds the row and fails.
 * - altcha-lib recomputes the challenge; the signatures are compared here in constant time
 *   (altcha-lib's own verifySolution compares strings with ===).
 */
import { timingSafeEqual } from "node:crypto";
import { createChallenge, extractParams } from "altcha-lib/v1";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { deriveKey, secretsFor } from "../../crypto/encrypt.js";
import * as oneTime from "../../core/one-time.js";

const ALGORITHM = "SHA-256";

type AltchaSettings = { maxNumber: number; expiresIn: number };

function hmacKeyOf(secret: string): string {
  return deriveKey(secret, "altcha-challenge").toString("hex");
}

/** A fresh challenge: `{algorithm, challenge, maxnumber, salt, signature}`. */
export async function issueChallenge(app: AppContext, settings: AltchaSettings) {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    hmacKey: hmacKeyOf(app.secret),
    maxNumber: settings.maxNumber,
    expires: new Date(app.clock.now() + settings.expiresIn * 1000),
  });
  return { ...challenge, algorithm: ALGORITHM, maxnumber: settings.maxNumber } as const;
}

interface Payload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The widget's payload from the header (base64 of JSON), or null when it is not one. */
function parsePayload(header: string): Payload | null {
  if (header.length > 4096) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const p = value as Record<string, unknown>;
  const strings = ["algorithm", "challenge", "salt", "signature"].every((key) => typeof p[key] === "string" && (p[key] as string).length <= 1024);
  if (!strings || typeof p.number !== "number" || !Number.isSafeInteger(p.number) || p.number < 0) return null;
  return p as unknown as Payload;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throws VERIFICATION_FAILED unless `header` solves a live challenge this server (or its previous secret) signed, not used before. */
export async function verifyAltcha(app: AppContext, header: string): Promise<void> {
  const payload = parsePayload(header);
  if (!payload || payload.algorithm !== ALGORITHM) throw apiError("VERIFICATION_FAILED");
  const expires = Number(extractParams({ salt: payload.salt } as Parameters<typeof extractParams>[0]).expires) * 1000;
  const now = app.clock.now();
  if (!Number.isFinite(expires) || expires <= now) throw apiError("VERIFICATION_FAILED");
  let signed = false;
  for (const secret of secretsFor(app.secret)) {
    const expected = await createChallenge({ algorithm: ALGORITHM, hmacKey: hmacKeyOf(secret), number: payload.number, salt: payload.salt });
    // Both compared, always: which one failed must not show in the timing.
    const challengeOk = sameText(expected.challenge, payload.challenge);
    const signatureOk = sameText(expected.signature, payload.signature);
    if (challengeOk && signatureOk) signed = true;
  }
  if (!signed) throw apiError("VERIFICATION_FAILED");
  const first = await oneTime.issue(app.db, now, { purpose: "captcha-solution", secret: payload.challenge, data: null, expiresAt: expires });
  if (!first) throw apiError("VERIFICATION_FAILED");
}
