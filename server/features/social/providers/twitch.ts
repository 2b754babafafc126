/**
 * Twitch (OpenID Connect). Twitch puts nothing but `sub` in the ID token unless the `claims`
 * authorize parameter asks for more, so it asks for email, email_verified, preferred_username
 * and picture. When the user withheld some of them, Helix `/users` fills the gaps — Helix
 * refuses calls without the app's `Client-Id` header. Twitch does not support PKCE, and answers
 * the token request's `scope` as an array.
 */
import { defineProvider } from "../provider.js";

const CLAIMS = JSON.stringify({
  id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
  userinfo: { email: null, email_verified: null, preferred_username: null, picture: null },
});

interface HelixUser {
  id: string;
  login: string;
  display_name?: string;
  email?: string;
  profile_image_url?: string;
}

export const twitch = defineProvider({
  id: "twitch",
  name: "Twitch",
  endpoints: {
    authorization: "https://id.twitch.tv/oauth2/authorize",
    token: "https://id.twitch.tv/oauth2/token",
    userInfo: "https://id.twitch.tv/oauth2/userinfo",
    jwks: "https://id.twitch.tv/oauth2/keys",
    issuer: "https://id.twitch.tv/oauth2",
    revocation: "https://id.twitch.tv/oauth2/revoke",
    api: "https://api.twitch.tv",
  },
  defaultScopes: ["openid", "user:read:email"],
  pkce: false,
  clientAuthentication: "client_secret_post",
  oidc: true,
  // Twitch answers `scope` as a JSON array; RFC 6749 (and the token checks) want a space-separated string.
  adjustTokenResponse: (body) => (Array.isArray(body.scope) ? { ...body, scope: body.scope.join(" ") } : body),
  authorizationParams: ({ settings }): Record<string, string> => (settings.authorizationParams.claims ? {} : { claims: CLAIMS }),
  async getProfile(tokens, helpers) {
    const claims = tokens.idTokenClaims;
    if (!claims?.sub) return null;
    let email = typeof claims.email === "string" ? claims.email : null;
    let image = typeof claims.picture === "string" ? claims.picture : null;
    let name = typeof claims.preferred_username === "string" ? claims.preferred_username : "";
    let verified = claims.email_verified === true;
    if ((!email || !image) && tokens.accessToken && helpers.endpoints.api) {
      const answer = await helpers.getJson<{ data: HelixUser[] }>(`${helpers.endpoints.api}/helix/users`, { headers: { "client-id": helpers.settings.clientId } });
      const user = answer.data?.find((entry) => entry.id === claims.sub);
      if (user) {
        // Helix only returns an email Twitch has verified (with the user:read:email scope).
        if (!email && user.email) [email, verified] = [user.email, true];
        image ??= user.profile_image_url ?? null;
        name ||= user.display_name ?? user.login;
      }
    }
    return { id: String(claims.sub), email, emailVerified: Boolean(email) && verified, name: name || (email ?? ""), image };
  },
});
