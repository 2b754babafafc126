/**
 * Spotify (OAuth 2 with PKCE). The token endpoint wants the client credentials as HTTP Basic.
 * Spotify does not verify email addresses, so they are taken as unverified.
 */
import { defineProvider } from "../provider.js";

interface SpotifyUser {
  id: string;
  display_name?: string | null;
  email?: string;
  images?: Array<{ url: string }>;
}

export const spotify = defineProvider({
  id: "spotify",
  name: "Spotify",
  endpoints: {
    authorization: "https://accounts.spotify.com/authorize",
    token: "https://accounts.spotify.com/api/token",
    userInfo: "https://api.spotify.com/v1/me",
  },
  defaultScopes: ["user-read-email"],
  pkce: true,
  clientAuthentication: "client_secret_basic",
  oidc: false,
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<SpotifyUser>(helpers.endpoints.userInfo);
    return { id: user.id, email: user.email ?? null, emailVerified: false, name: user.display_name || user.id, image: user.images?.[0]?.url ?? null };
  },
});
