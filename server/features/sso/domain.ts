/**
 * Domain ownership by DNS, as @better-auth/sso proves it: the organization publishes a TXT record
 * `_<tokenPrefix>-<providerId>.<domain>` whose value is the token (or `<name>=<token>`); every
 * domain of the provider must carry it. The token is not a secret (it is published), so it is kept
 * on the provider's row with its expiry.
 */
import { Resolver } from "node:dns/promises";
import type { AppContext } from "../../context.js";

export const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const DNS_LABEL_MAX_LENGTH = 63;

export function recordLabel(app: AppContext, providerId: string): string {
  return `_${app.config.sso.domainVerification.tokenPrefix}-${providerId}`;
}

/** The TXT records a provider's domains must carry: `<label>.<domain>` holding the token. */
export function recordsToPublish(app: AppContext, providerId: string, domains: readonly string[], token: string): Array<{ name: string; value: string }> {
  return domains.map((domain) => ({ name: `${recordLabel(app, providerId)}.${domain}`, value: token }));
}

export function labelFits(app: AppContext, providerId: string): boolean {
  return recordLabel(app, providerId).length <= DNS_LABEL_MAX_LENGTH;
}

/** Whether `domain`'s TXT records carry the token. A lookup failure counts as not found. */
export async function hasTxtRecord(app: AppContext, providerId: string, domain: string, token: string): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = app.config.sso.domainVerification.dnsServers;
  if (servers.length) resolver.setServers(servers);
  const label = recordLabel(app, providerId);
  let records: string[];
  try {
    records = (await resolver.resolveTxt(`${label}.${domain}`)).map((parts) => parts.join("").trim());
  } catch (error) {
    app.log.warn({ domain, reason: (error as Error).message }, "SSO domain verification: TXT lookup failed");
    return false;
  }
  return records.some((record) => record === token || record === `${label}=${token}`);
}
