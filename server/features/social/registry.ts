/**
 * Which providers this deployment runs: built-in declarations with a `socialProviders.<id>`
 * entry (or AUTH_<ID>_CLIENT_ID), and every `genericOAuth` entry. Lookups resolve settings and
 * the endpoints in force; an unconfigured id, or one turned off (`enabled: false`), is simply not found.
 */
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { builtInProviderSchema } from "./config-schema.js";
import { genericDefinition } from "./generic.js";
import type { ResolvedProvider } from "./oauth-client.js";
import { effectiveEndpoints, type ProviderSettings } from "./provider.js";
import { builtInProviders } from "./providers/index.js";

type BuiltInConfig = z.infer<typeof builtInProviderSchema>;

function settingsOf(entry: BuiltInConfig | (Omit<BuiltInConfig, "endpoints"> & { endpoints?: BuiltInConfig["endpoints"] })): ProviderSettings {
  return {
    clientId: entry.clientId,
    clientSecret: entry.clientSecret,
    scopes: entry.scopes,
    disableDefaultScope: entry.disableDefaultScope,
    redirectURI: entry.redirectURI,
    tenantId: "tenantId" in entry ? entry.tenantId : undefined,
    baseURL: "baseURL" in entry ? entry.baseURL : undefined,
    audiences: entry.audiences,
    authorizationParams: entry.authorizationParams,
    endpoints: entry.endpoints ?? {},
    allowDifferentEmails: entry.allowDifferentEmails,
    teamId: "teamId" in entry ? entry.teamId : undefined,
    keyId: "keyId" in entry ? entry.keyId : undefined,
    privateKey: "privateKey" in entry ? entry.privateKey : undefined,
  };
}

/** The provider as configured here, or undefined (not built in, or not configured). */
export async function resolveProvider(app: AppContext, id: string): Promise<(ResolvedProvider & { disableSignUp: boolean }) | undefined> {
  const generic = app.config.genericOAuth.find((entry) => entry.providerId === id);
  if (generic) {
    if (!generic.enabled) return undefined;
    const { definition, issParameterSupported } = await genericDefinition(generic);
    const settings = settingsOf({ ...generic, endpoints: {} });
    return { definition, settings, endpoints: definition.endpoints, issParameterSupported, disableSignUp: generic.disableSignUp };
  }
  const definition = Object.hasOwn(app.config.socialProviders, id) ? builtInProviders.get(id) : undefined;
  const entry = app.config.socialProviders[id];
  if (!definition || !entry || !entry.enabled) return undefined;
  const settings = settingsOf(entry);
  return { definition, settings, endpoints: effectiveEndpoints(definition, settings), disableSignUp: entry.disableSignUp };
}

/** Ids and display names of the configured providers (for buttons; never settings). */
export function configuredProviders(app: AppContext): Array<{ id: string; name: string }> {
  const out: Array<{ id: string; name: string }> = [];
  for (const [id, entry] of Object.entries(app.config.socialProviders)) {
    if (!entry.enabled) continue;
    const definition = builtInProviders.get(id);
    if (definition) out.push({ id, name: definition.name });
  }
  for (const entry of app.config.genericOAuth) if (entry.enabled) out.push({ id: entry.providerId, name: entry.name ?? entry.providerId });
  return out;
}
