/**
 * GitLab (OAuth 2 with PKCE), gitlab.com or a self-hosted instance: `baseURL` (the instance
 * origin, optionally with a path) — or `endpoints.issuer` — moves every endpoint. Blocked or locked users are refused.
 */
import { defineProvider, type ProviderEndpoints } from "../provider.js";

interface GitLabUser {
  id: number;
  username: string;
  name?: string;
  email?: string | null;
  avatar_url?: string | null;
  state?: string;
  locked?: boolean;
  confirmed_at?: string | null;
  email_verified?: boolean;
}

function endpointsFor(base: string): ProviderEndpoints {
  const root = base.replace(/\/+$/, "");
  return {
    authorization: `${root}/oauth/authorize`,
    token: `${root}/oauth/token`,
    userInfo: `${root}/api/v4/user`,
    revocation: `${root}/oauth/revoke`,
    issuer: root,
    api: `${root}/api/v4`,
  };
}

export const gitlab = defineProvider({
  id: "gitlab",
  name: "GitLab",
  endpoints: endpointsFor("https://gitlab.com"),
  // `baseURL`, or an `endpoints.issuer` override (better-auth's GitLab option is `issuer`), moves them all.
  resolveEndpoints: (settings) => {
    const base = settings.baseURL ?? settings.endpoints.issuer;
    return base ? endpointsFor(base) : {};
  },
  defaultScopes: ["read_user"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<GitLabUser>(helpers.endpoints.userInfo);
    if ((user.state && user.state !== "active") || user.locked) return null;
    const email = user.email ?? null;
    // GitLab only makes a confirmed address the primary one; confirmed_at says so explicitly.
    const verified = user.email_verified === true || Boolean(user.confirmed_at);
    return { id: String(user.id), email, emailVerified: Boolean(email) && verified, name: user.name || user.username, image: user.avatar_url ?? null };
  },
});
