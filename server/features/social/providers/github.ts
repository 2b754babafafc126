/**
 * GitHub (OAuth 2, not OIDC). `/user` may hide the email (private address), and never says whether
 * it is verified: the primary address and its verification come from `/user/emails`
 * (scope `user:email`). GitHub's API refuses requests without a User-Agent.
 */
import { defineProvider } from "../provider.js";

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

const apiHeaders = { accept: "application/vnd.github+json", "user-agent": "Latchkey", "x-github-api-version": "2022-11-28" };

export const github = defineProvider({
  id: "github",
  name: "GitHub",
  endpoints: {
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    userInfo: "https://api.github.com/user",
    api: "https://api.github.com",
  },
  defaultScopes: ["read:user", "user:email"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken) return null;
    const user = await helpers.getJson<GitHubUser>(helpers.endpoints.userInfo ?? `${helpers.endpoints.api}/user`, { headers: apiHeaders });
    // Without the user:email scope this answers 404; the public address (unverified) is then all there is.
    const emails = await helpers.getJson<GitHubEmail[]>(`${helpers.endpoints.api}/user/emails`, { headers: apiHeaders }).catch(() => [] as GitHubEmail[]);
    const primary = emails.find((entry) => entry.primary && entry.verified);
    const email = primary?.email ?? user.email ?? null;
    const verified = primary ? true : emails.some((entry) => entry.email === email && entry.verified);
    return { id: String(user.id), email, emailVerified: Boolean(email) && verified, name: user.name || user.login, image: user.avatar_url ?? null };
  },
});
