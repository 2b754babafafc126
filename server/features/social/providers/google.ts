/**
 * Google, as an OpenID Connect provider: the ID token carries the profile, so no user-info call
 * is needed. `login_hint` is passed through; `access_type=offline` + `prompt=consent` (settable
 * in config `authorizationParams`) is what makes Google hand out a refresh token.
 */
import { defineProvider, profileFromClaims } from "../provider.js";

export const google = defineProvider({
  id: "google",
  name: "Google",
  endpoints: {
    authorization: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
    jwks: "https://www.googleapis.com/oauth2/v3/certs",
    issuer: "https://accounts.google.com",
    revocation: "https://oauth2.googleapis.com/revoke",
  },
  defaultScopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: true,
  idTokenSignIn: true,
  authorizationParams: ({ loginHint }): Record<string, string> => (loginHint ? { login_hint: loginHint } : {}),
  async getProfile(tokens, helpers) {
    if (tokens.idTokenClaims) return profileFromClaims(tokens.idTokenClaims);
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    return profileFromClaims(await helpers.getJson(helpers.endpoints.userInfo));
  },
});
