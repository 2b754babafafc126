/**
 * The built-in providers, by id. One line per provider; each declaration lives in its own file.
 * genericOAuth entries from the config are not here: they become definitions at start-up
 * (`../generic.ts`) and are looked up beside these (`../registry.ts`).
 */
import type { ProviderDefinition } from "../provider.js";
import { google } from "./google.js";

export const builtInProviders = new Map<string, ProviderDefinition>([
  [google.id, google],
]);
