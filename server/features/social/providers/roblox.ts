/**
 * Roblox (OAuth 2 with PKCE and OpenID Connect scopes). The profile is the user-info document;
 * an ID token, when returned, is checked against Roblox's JWKS and issuer. Roblox shares no
 * email address: the account gets a placeholder (`<sub>@roblox.placeholder.invalid`, unverified).
 * `prompt=select_account consent` lets people with several accounts pick one (config may override).
 */
import { defineProvider } from "../provider.js";

interface RobloxUserInfo {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string | null;
}

export const roblox = defineProvider({
  id: "roblox",
  name: "Roblox",
  endpoints: {
    authorization: "https://apis.roblox.com/oauth/v1/authorize",
    token: "https://apis.roblox.com/oauth/v1/token",
    userInfo: "https://apis.roblox.com/oauth/v1/userinfo",
    jwks: "https://apis.roblox.com/oauth/v1/certs",
    issuer: "https://apis.roblox.com/oauth/",
    revocation: "https://apis.roblox.com/oauth/v1/token/revoke",
  },
  defaultScopes: ["openid", "profile"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  authorizationParams: ({ settings }): Record<string, string> => (settings.authorizationParams.prompt ? {} : { prompt: "select_account consent" }),
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<RobloxUserInfo>(helpers.endpoints.userInfo);
    if (!user.sub) return null;
    return { id: String(user.sub), email: `${user.sub}@roblox.placeholder.invalid`, emailVerified: false, name: user.nickname || user.preferred_username || user.name || "", image: user.picture ?? null };
  },
});
