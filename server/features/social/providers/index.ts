/**
 * The built-in providers, by id. One line per provider; each declaration lives in its own file.
 * genericOAuth entries from the config are not here: they become definitions at start-up
 * (`../generic.ts`) and are looked up beside these (`../registry.ts`).
 */
import type { ProviderDefinition } from "../provider.js";
import { google } from "./google.js";
import { apple } from "./apple.js";
import { discord } from "./discord.js";
import { dropbox } from "./dropbox.js";
import { facebook } from "./facebook.js";
import { github } from "./github.js";
import { gitlab } from "./gitlab.js";
import { linkedin } from "./linkedin.js";
import { microsoft } from "./microsoft.js";
import { reddit } from "./reddit.js";
import { roblox } from "./roblox.js";
import { spotify } from "./spotify.js";
import { tiktok } from "./tiktok.js";
import { twitch } from "./twitch.js";
import { twitter } from "./twitter.js";
import { vk } from "./vk.js";

export const builtInProviders = new Map<string, ProviderDefinition>([
  [google.id, google],
  [apple.id, apple],
  [discord.id, discord],
  [dropbox.id, dropbox],
  [facebook.id, facebook],
  [github.id, github],
  [gitlab.id, gitlab],
  [linkedin.id, linkedin],
  [microsoft.id, microsoft],
  [reddit.id, reddit],
  [roblox.id, roblox],
  [spotify.id, spotify],
  [tiktok.id, tiktok],
  [twitch.id, twitch],
  [twitter.id, twitter],
  [vk.id, vk],
]);
