/**
 * Twitter / X (OAuth 2.0 with PKCE, confidential client: Basic authentication at the token
 * endpoint). The profile is `/2/users/me`; the address comes from the `confirmed_email` field
 * (scope `users.email`), asked for separately so an app without email access still signs in.
 * Without an address the account gets a placeholder (`<id>@twitter.placeholder.invalid`,
 * unverified), as better-auth does.
 */
import { defineProvider } from "../provider.js";

interface XUser {
  data: { id: string; name?: string; username?: string; profile_image_url?: string; confirmed_email?: string };
}

export const twitter = defineProvider({
  id: "twitter",
  name: "X (Twitter)",
  endpoints: {
    authorization: "https://x.com/i/oauth2/authorize",
    token: "https://api.x.com/2/oauth2/token",
    userInfo: "https://api.x.com/2/users/me",
    revocation: "https://api.x.com/2/oauth2/revoke",
  },
  defaultScopes: ["users.read", "tweet.read", "offline.access", "users.email"],
  pkce: true,
  clientAuthentication: "client_secret_basic",
  oidc: false,
  async getProfile(tokens, helpers) {
    const url = helpers.endpoints.userInfo;
    if (!tokens.accessToken || !url) return null;
    const { data: user } = await helpers.getJson<XUser>(url, { query: { "user.fields": "profile_image_url" } });
    const confirmed = await helpers
      .getJson<XUser>(url, { query: { "user.fields": "confirmed_email" } })
      .then((answer) => answer.data?.confirmed_email ?? null)
      .catch(() => null);
    return {
      id: user.id,
      email: confirmed ?? `${user.id}@twitter.placeholder.invalid`,
      emailVerified: Boolean(confirmed),
      name: user.name || user.username || "",
      image: user.profile_image_url ?? null,
    };
  },
});
