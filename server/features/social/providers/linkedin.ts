/**
 * LinkedIn ("Sign In with LinkedIn using OpenID Connect"). The profile is the OIDC user-info
 * document; an ID token, when returned, is checked against LinkedIn's JWKS and issuer. No nonce
 * is sent (LinkedIn's support for it has been unreliable) and no PKCE (web apps cannot use it).
 */
import { defineProvider, profileFromClaims } from "../provider.js";

export const linkedin = defineProvider({
  id: "linkedin",
  name: "LinkedIn",
  endpoints: {
    authorization: "https://www.linkedin.com/oauth/v2/authorization",
    token: "https://www.linkedin.com/oauth/v2/accessToken",
    userInfo: "https://api.linkedin.com/v2/userinfo",
    jwks: "https://www.linkedin.com/oauth/openid/jwks",
    issuer: "https://www.linkedin.com/oauth",
    revocation: "https://www.linkedin.com/oauth/v2/revoke",
  },
  defaultScopes: ["openid", "profile", "email"],
  pkce: false,
  clientAuthentication: "client_secret_post",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (tokens.accessToken && helpers.endpoints.userInfo) return profileFromClaims(await helpers.getJson(helpers.endpoints.userInfo));
    return tokens.idTokenClaims ? profileFromClaims(tokens.idTokenClaims) : null;
  },
});
