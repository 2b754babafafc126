/**
 * Facebook Login (Graph API, OAuth 2). The profile is `/me` with explicit `fields` (Graph returns
 * only `id` and `name` otherwise); the picture is nested (`picture.data.url`). Facebook does not
 * say that an email is verified, so it is taken as unverified. With the `openid` scope (Limited
 * Login) an ID token comes back; it is checked against the JWKS and its claims used instead.
 */
import { defineProvider, profileFromClaims } from "../provider.js";

interface FacebookUser {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

export const facebook = defineProvider({
  id: "facebook",
  name: "Facebook",
  endpoints: {
    authorization: "https://www.facebook.com/v24.0/dialog/oauth",
    token: "https://graph.facebook.com/v24.0/oauth/access_token",
    userInfo: "https://graph.facebook.com/me",
    jwks: "https://limited.facebook.com/.well-known/oauth/openid/jwks/",
    issuer: "https://www.facebook.com",
    api: "https://graph.facebook.com",
  },
  defaultScopes: ["email", "public_profile"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (tokens.idTokenClaims) {
      const fromClaims = profileFromClaims(tokens.idTokenClaims);
      return fromClaims && { ...fromClaims, emailVerified: false };
    }
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<FacebookUser>(helpers.endpoints.userInfo, { query: { fields: "id,name,email,picture" } });
    return { id: user.id, email: user.email ?? null, emailVerified: false, name: user.name ?? "", image: user.picture?.data?.url ?? null };
  },
});
