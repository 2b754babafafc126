/**
 * TOTP per RFC 6238 with otplib: SHA-1, 6 digits, 30-second steps, one step of clock drift
 * either way. The seed is 20 random bytes (base32), sealed at rest with the server secret.
 */
import { generateSecret, generateURI, verifySync } from "otplib";
import { openSealed, seal } from "../../crypto/encrypt.js";

const PERIOD = 30;
export const SEAL_PURPOSE = "two-factor-totp-secret";

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function sealTotpSecret(secret: string, serverSecret: string): string {
  return seal(secret, serverSecret, SEAL_PURPOSE);
}

/** The seed, and whether a previous secret (a rotation in progress) sealed it; null when none opens it. */
export function openTotpSecret(sealed: string, serverSecret: string): { seed: string; stale: boolean } | null {
  const opened = openSealed(sealed, serverSecret, SEAL_PURPOSE);
  return opened && { seed: opened.plain, stale: opened.stale };
}

export function totpURI(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, digits: 6, period: PERIOD, algorithm: "sha1" });
}

/** The time step the code belongs to (within ±1 step of `nowMs`), or null when it matches none. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const result = verifySync({ secret, token: code, epoch, period: PERIOD, digits: 6, algorithm: "sha1", epochTolerance: PERIOD });
  return result.valid ? Math.floor(epoch / PERIOD) + result.delta : null;
}
