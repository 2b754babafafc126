/**
 * Dropbox (OAuth 2 with PKCE). The profile is an RPC call — POST `/2/users/get_current_account`
 * with no arguments — which the GET-only mapper helpers cannot make, hence the direct fetch.
 * A refresh token needs `token_access_type=offline` (set it in `authorizationParams`).
 */
import { defineProvider } from "../provider.js";

interface DropboxAccount {
  account_id: string;
  name?: { display_name?: string };
  email?: string;
  email_verified?: boolean;
  profile_photo_url?: string;
}

export const dropbox = defineProvider({
  id: "dropbox",
  name: "Dropbox",
  endpoints: {
    authorization: "https://www.dropbox.com/oauth2/authorize",
    token: "https://api.dropboxapi.com/oauth2/token",
    userInfo: "https://api.dropboxapi.com/2/users/get_current_account",
    revocation: "https://api.dropboxapi.com/2/auth/token/revoke",
  },
  defaultScopes: ["account_info.read"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const response = await fetch(helpers.endpoints.userInfo, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "user-agent": "Latchkey" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`dropbox answered ${response.status}`);
    const account = (await response.json()) as DropboxAccount;
    const email = account.email ?? null;
    return { id: account.account_id, email, emailVerified: Boolean(email) && account.email_verified === true, name: account.name?.display_name ?? "", image: account.profile_photo_url ?? null };
  },
});
