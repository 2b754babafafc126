/**
 * VK ID (OAuth 2.1: PKCE required). VK sends a `device_id` with the callback that must go back in
 * the token request (with the `state`). User info is a form POST of the access token and client
 * id, which the GET-only mapper helpers cannot make, hence the direct fetch. VK does not say that
 * an email is verified; users without an address cannot sign up.
 */
import { defineProvider } from "../provider.js";

interface VkUserInfo {
  user?: { user_id?: string | number; first_name?: string; last_name?: string; avatar?: string; email?: string };
}

export const vk = defineProvider({
  id: "vk",
  name: "VK",
  endpoints: {
    authorization: "https://id.vk.com/authorize",
    token: "https://id.vk.com/oauth2/auth",
    userInfo: "https://id.vk.com/oauth2/user_info",
    revocation: "https://id.vk.com/oauth2/revoke",
  },
  defaultScopes: ["email", "phone"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  tokenParams: ({ callbackParams }): Record<string, string> => {
    const out: Record<string, string> = {};
    const deviceId = callbackParams?.get("device_id");
    const state = callbackParams?.get("state");
    if (deviceId) out.device_id = deviceId;
    if (state) out.state = state;
    return out;
  },
  // VK returns an ID token Latchkey does not use and whose issuer is not documented: drop it
  // rather than let the generic checks refuse the whole answer.
  adjustTokenResponse: ({ id_token: _unused, ...rest }) => ({ token_type: "Bearer", ...rest }),
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const response = await fetch(helpers.endpoints.userInfo, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "user-agent": "Latchkey" },
      body: new URLSearchParams({ access_token: tokens.accessToken, client_id: helpers.settings.clientId }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`vk answered ${response.status}`);
    const user = ((await response.json()) as VkUserInfo).user;
    const id = user?.user_id ?? tokens.raw.user_id;
    if (id === undefined || id === null) return null;
    const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
    return { id: String(id), email: user?.email || null, emailVerified: false, name, image: user?.avatar ?? null };
  },
});
