/**
 * `auth login --provider NAME`: the operator's system browser does the provider round trip;
 * the session goes to the CLI, not to the browser. Like RFC 8252 (native apps) with PKCE: the
 * CLI sends a challenge at the start, the callback sends the browser to the CLI's loopback
 * address with a one-time code (2 minutes), and only the holder of the verifier can trade that
 * code for a session.
 */
import { createHash } from "node:crypto";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { hashSecret, newId, randomString, safeEqual } from "../../crypto/tokens.js";
import { findUserById } from "../../core/user/store.js";

const CODE_SECONDS = 120;

/** Only loopback addresses on http, with a port (RFC 8252 §7.3). */
export function assertLoopbackURL(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw apiError("INVALID_CALLBACK_URL");
  }
  const host = parsed.hostname;
  if (parsed.protocol !== "http:" || !parsed.port || !(host === "127.0.0.1" || host === "[::1]" || host === "localhost")) throw apiError("INVALID_CALLBACK_URL");
}

export async function issueCliCode(app: AppContext, input: { userId: string; challenge: string; providerId: string }): Promise<string> {
  const code = randomString(32);
  const now = app.clock.now();
  await app.db
    .insertInto("verification")
    .values({ id: newId(), identifier: `cli-social:${hashSecret(code)}`, value: JSON.stringify(input), expiresAt: now + CODE_SECONDS * 1000, nonce: null, createdAt: now, updatedAt: now })
    .execute();
  return code;
}

/** The user a hand-off code stands for, once; the caller completes the sign-in (core/sign-in/complete.ts). */
export async function redeemCliCode(app: AppContext, code: string, verifier: string) {
  const row = await app.db.deleteFrom("verification").where("identifier", "=", `cli-social:${hashSecret(code)}`).returningAll().executeTakeFirst();
  if (!row || Number(row.expiresAt) <= app.clock.now()) throw apiError("INVALID_TOKEN");
  const data = JSON.parse(row.value) as { userId: string; challenge: string; providerId: string };
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  if (!safeEqual(challenge, data.challenge)) throw apiError("INVALID_TOKEN");
  const user = await findUserById(app.db, data.userId);
  if (!user) throw apiError("INVALID_TOKEN");
  return { user, providerId: data.providerId };
}
