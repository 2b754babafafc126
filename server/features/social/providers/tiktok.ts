/**
 * TikTok Login Kit for Web (OAuth 2, v2 API). Quirks: the client id is called `client_key` in
 * both requests, scopes are joined by commas, web apps send no PKCE, and the user-info call
 * names its fields. TikTok gives no email address: the account gets a placeholder
 * (`<open_id>@tiktok.placeholder.invalid`, unverified), as better-auth does.
 */
import { defineProvider } from "../provider.js";

interface TikTokUserInfo {
  data?: { user?: { open_id?: string; display_name?: string; username?: string; avatar_large_url?: string; avatar_url?: string } };
  error?: { code?: string; message?: string };
}

export const tiktok = defineProvider({
  id: "tiktok",
  name: "TikTok",
  endpoints: {
    authorization: "https://www.tiktok.com/v2/auth/authorize/",
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userInfo: "https://open.tiktokapis.com/v2/user/info/",
    revocation: "https://open.tiktokapis.com/v2/oauth/revoke/",
  },
  defaultScopes: ["user.info.basic"],
  scopeSeparator: ",",
  pkce: false,
  clientAuthentication: "client_secret_post",
  clientIdParam: "client_key",
  oidc: false,
  // TikTok's answer is RFC 6749 shaped except that token_type has been seen missing.
  adjustTokenResponse: (body) => (body.access_token && !body.token_type ? { ...body, token_type: "Bearer" } : body),
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    // `username` needs the user.info.profile scope; asking for it without that scope fails the call.
    const fields = ["open_id", "display_name", "avatar_large_url", ...(tokens.scopes.includes("user.info.profile") ? ["username"] : [])];
    const answer = await helpers.getJson<TikTokUserInfo>(helpers.endpoints.userInfo, { query: { fields: fields.join(",") } });
    if (answer.error?.code && answer.error.code !== "ok") throw new Error(`tiktok: ${answer.error.code}`);
    const user = answer.data?.user;
    const id = user?.open_id ?? (typeof tokens.raw.open_id === "string" ? tokens.raw.open_id : undefined);
    if (!id) return null;
    return { id, email: `${id}@tiktok.placeholder.invalid`, emailVerified: false, name: user?.display_name || user?.username || "", image: user?.avatar_large_url ?? user?.avatar_url ?? null };
  },
});
