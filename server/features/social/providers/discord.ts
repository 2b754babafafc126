/**
 * Discord (OAuth 2). The profile comes from `/users/@me`; the avatar is a hash the image URL is
 * built from (animated ones start with `a_`), and users without one get a default avatar chosen
 * from their id (new usernames, discriminator "0") or their discriminator (legacy names).
 * `prompt=none` skips the consent screen for users who already authorised the app (config may override).
 * PKCE (S256, verifier ≥ 43 characters) is supported, except with the `role_connections.write` scope.
 */
import { defineProvider } from "../provider.js";

interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

const CDN = "https://cdn.discordapp.com";

export function discordAvatarURL(user: Pick<DiscordUser, "id" | "avatar" | "discriminator">): string {
  if (user.avatar) return `${CDN}/avatars/${user.id}/${user.avatar}.${user.avatar.startsWith("a_") ? "gif" : "png"}`;
  const index = !user.discriminator || user.discriminator === "0" ? Number((BigInt(user.id) >> 22n) % 6n) : Number.parseInt(user.discriminator, 10) % 5;
  return `${CDN}/embed/avatars/${index}.png`;
}

export const discord = defineProvider({
  id: "discord",
  name: "Discord",
  endpoints: {
    authorization: "https://discord.com/oauth2/authorize",
    token: "https://discord.com/api/oauth2/token",
    userInfo: "https://discord.com/api/users/@me",
    revocation: "https://discord.com/api/oauth2/token/revoke",
  },
  defaultScopes: ["identify", "email"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  authorizationParams: ({ settings }): Record<string, string> => (settings.authorizationParams.prompt ? {} : { prompt: "none" }),
  async getProfile(tokens, helpers) {
    if (!tokens.accessToken || !helpers.endpoints.userInfo) return null;
    const user = await helpers.getJson<DiscordUser>(helpers.endpoints.userInfo);
    const email = user.email ?? null;
    return { id: user.id, email, emailVerified: Boolean(email) && user.verified === true, name: user.global_name || user.username, image: discordAvatarURL(user) };
  },
});
