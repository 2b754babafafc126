/**
 * An ID token signs in once (#27). A client that hands over a provider's ID token
 * (`/sign-in/social {idToken}`, Google one-tap) proves nothing more the second time: without a
 * nonce the same token would mint a session on every replay until it expires. So each token that
 * signs someone in is remembered as an "id-token-used" one-time secret until it can no longer pass
 * verification (its `exp` plus the clock tolerance), and a second use is refused. It is remembered
 * once the sign-in is otherwise allowed, just before the session: a refusal (sign-up switched off)
 * does not use it up.
 *
 * Remembering is one insert on a unique identifier (core/one-time.ts `issue`), so of two
 * concurrent uses of the same token exactly one signs in. The secret is the token's signed part
 * (header and payload): those bytes cannot change without breaking the signature, while the
 * base64url signature segment can be re-spelled (its unused trailing bits) and would otherwise
 * make one token look like many. The row names no user: deleting the account must not make the
 * token usable again.
 */
import type { AppContext } from "../../context.js";
import { issue } from "../../core/one-time.js";
import { ID_TOKEN_CLOCK_TOLERANCE_SECONDS } from "./oauth-client.js";

/** True when this is the token's first use (now remembered); false for a replay or a token without `exp`. */
export async function useIdTokenOnce(app: AppContext, providerId: string, idToken: string, claims: { exp?: number } | undefined): Promise<boolean> {
  // OpenID Connect requires exp; a token without one would have to be remembered forever.
  if (typeof claims?.exp !== "number") return false;
  const now = app.clock.now();
  const expiresAt = (claims.exp + ID_TOKEN_CLOCK_TOLERANCE_SECONDS) * 1000;
  if (expiresAt <= now) return false;
  const signedPart = idToken.split(".").slice(0, 2).join(".");
  return issue(app.db, now, { purpose: "id-token-used", secret: signedPart, data: { providerId }, expiresAt });
}
