/**
 * Reddit (OAuth 2). The token endpoint wants HTTP Basic; `duration=permanent` asks for a refresh
 * token (config `authorizationParams.duration: "temporary"` turns that off). Reddit's API wants a
 * descriptive User-Agent and has no email address: the account gets a placeholder
 * (`<id>@reddit.placeholder.invalid`, unverified), as better-auth does.
 */
import { defineProvider } from "../provider.js";

interface RedditUser {
  id: string;
  name: string;
  icon_img?: string;
}

export const reddit = defineProvider({
  id: "reddit",
  name: "Reddit",
  endpoints: {
    authorization: "https://www.reddit.com/api/v1/authorize",
    token: "https://www.reddit.com/api/v1/access_token",
    userInfo: "https://oauth.reddit.com/api/v1/me",
    revocation: "https://www.reddit.com/api/v1/revoke_token",
  },
  defaultScopes: ["identity"],
  pkce: false,
  clientAuthentication: "client_secret_basic",
  oidc: false,
  authorizationParams: ({ settings }): Record<string, string> => (settings.authorizationParams.duration ? {} : { duration: "permanent" }),
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<RedditUser>(helpers.endpoints.userInfo, { headers: { "user-agent": "web:latchkey:1 (social sign-in)" } });
    // icon_img carries signing query parameters that expire; the bare URL stays valid.
    const image = user.icon_img ? user.icon_img.split("?")[0]! : null;
    return { id: user.id, email: `${user.id}@reddit.placeholder.invalid`, emailVerified: false, name: user.name, image };
  },
});
