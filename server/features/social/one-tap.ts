/**
 * Google one-tap: the browser hands over a Google ID token; it is verified against Google's JWKS
 * (issuer, audience = the configured client id, expiry) like any ID-token sign-in, using the
 * google provider's endpoints (overridable in config for tests).
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { userFromProfile } from "./accounts.js";
import { useIdTokenOnce } from "./id-token-use.js";
import { verifyIdToken } from "./oauth-client.js";
import { profileFromClaims, type ProviderTokens } from "./provider.js";
import { resolveProvider } from "./registry.js";

export function oneTapEnabled(app: AppContext): boolean {
  const google = app.config.socialProviders.google;
  // One-tap signs in through the google provider: off with it.
  return Boolean((app.config.oneTap.clientId ?? google?.clientId) && google?.enabled !== false);
}

export async function oneTapUser(app: AppContext, idToken: string) {
  const google = await resolveProvider(app, "google");
  const clientId = app.config.oneTap.clientId ?? google?.settings.clientId;
  if (!google || !clientId) throw apiError("GOOGLE_CLIENT_ID_REQUIRED");
  const provider = { ...google, settings: { ...google.settings, clientId } };
  let claims;
  try {
    claims = await verifyIdToken(app, provider, idToken);
  } catch (error) {
    app.log.warn({ reason: (error as Error).message }, "one-tap: ID token refused");
    throw apiError("INVALID_ID_TOKEN");
  }
  const profile = profileFromClaims(claims);
  if (!profile) throw apiError("INVALID_ID_TOKEN");
  if (!profile.email) throw apiError("EMAIL_NOT_AVAILABLE_IN_TOKEN");
  const tokens: ProviderTokens = { idToken, idTokenClaims: claims, scopes: ["openid", "profile", "email"], raw: {} };
  const outcome = await userFromProfile(app, { providerId: "google", profile, tokens, disableSignUp: app.config.oneTap.disableSignUp || google.disableSignUp });
  if (!outcome.ok) throw apiError("OAUTH_LINK_ERROR", outcome.error);
  // A credential Google hands the page signs in once; a replay gets this endpoint's refusal (#27).
  if (!(await useIdTokenOnce(app, "google", idToken, claims))) throw apiError("INVALID_ID_TOKEN");
  return outcome;
}
