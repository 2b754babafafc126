/**
 * Requests to an organization's identity provider. The addresses come from organization admins,
 * not from the operator, so they are a server-side request forgery risk: an address on a trusted
 * origin (the operator's `trustedOrigins`, e.g. a Keycloak on the same network or a test IdP on
 * loopback) is reached as it is; any other must be https and resolve only to public addresses —
 * checked at registration and again at every connection (core/net/public-address.ts), so a name
 * that later points at 127.0.0.1 is refused then.
 */
import { Agent, fetch as undiciFetch } from "undici";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { hostIsPublic, publicOnlyLookup, systemResolveHost } from "../../core/net/public-address.js";
import { createOriginPolicy } from "../../http/trusted-origins.js";

const HTTP_TIMEOUT_MS = 10_000;

function trusted(app: AppContext, url: URL): boolean {
  return createOriginPolicy(app.baseURL, app.config.trustedOrigins).isTrusted(url.origin);
}

/** Throws SSO_UNTRUSTED_ADDRESS (or SSO_INVALID_CONFIG for a non-URL) unless Latchkey may call `target`. */
export async function assertReachable(app: AppContext, target: string, field: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw apiError("SSO_INVALID_CONFIG", `${field} is not a URL`);
  }
  if (trusted(app, url)) return;
  if (url.protocol !== "https:") throw apiError("SSO_UNTRUSTED_ADDRESS", `${field} must use https, or its origin must be among the trusted origins`);
  if ((await hostIsPublic(url.hostname, app.resolveHost ?? systemResolveHost)) === "not-public") throw apiError("SSO_UNTRUSTED_ADDRESS", `${field} points at a private or loopback address that is not among the trusted origins`);
}

/** `fetch` for identity-provider URLs: trusted origins as they are, anything else through the public-only lookup. */
export function idpFetch(app: AppContext): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const request = { ...init, signal: init?.signal ?? AbortSignal.timeout(HTTP_TIMEOUT_MS), redirect: "manual" as const };
    if (trusted(app, url)) return fetch(url, request);
    if (url.protocol !== "https:") throw new Error(`${url.origin} is not https and not a trusted origin`);
    const agent = new Agent({ connect: { lookup: publicOnlyLookup(app.resolveHost ?? systemResolveHost) } });
    try {
      const answer = await undiciFetch(url, { ...(request as object), dispatcher: agent });
      // Read it whole before the agent closes; callers get an ordinary Response.
      const body = await answer.arrayBuffer();
      return new Response(body, { status: answer.status, headers: answer.headers as unknown as Headers });
    } finally {
      await agent.close();
    }
  }) as typeof fetch;
}

export interface DiscoveredEndpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint?: string;
  jwksEndpoint: string;
  tokenEndpointAuthentication?: "client_secret_post" | "client_secret_basic";
}

/**
 * The provider's discovery document, checked: it must name the registered issuer (OpenID
 * Connect Discovery §4.3), and every endpoint in it must be reachable under the rules above.
 */
export async function discover(app: AppContext, issuer: string, discoveryEndpoint: string): Promise<DiscoveredEndpoints> {
  await assertReachable(app, discoveryEndpoint, "discoveryEndpoint");
  let document: Record<string, unknown>;
  try {
    const answer = await idpFetch(app)(discoveryEndpoint, { headers: { accept: "application/json" } });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    document = (await answer.json()) as Record<string, unknown>;
  } catch (error) {
    throw apiError("SSO_INVALID_CONFIG", `The discovery document could not be read: ${(error as Error).message}`);
  }
  const text = (key: string) => (typeof document[key] === "string" ? (document[key] as string) : undefined);
  if (text("issuer")?.replace(/\/$/, "") !== issuer.replace(/\/$/, "")) throw apiError("SSO_INVALID_CONFIG", `The discovery document names the issuer ${text("issuer") ?? "(none)"}, not ${issuer}`);
  const authorizationEndpoint = text("authorization_endpoint");
  const tokenEndpoint = text("token_endpoint");
  const jwksEndpoint = text("jwks_uri");
  if (!authorizationEndpoint || !tokenEndpoint || !jwksEndpoint) throw apiError("SSO_INVALID_CONFIG", "The discovery document lacks authorization_endpoint, token_endpoint or jwks_uri");
  const methods = Array.isArray(document.token_endpoint_auth_methods_supported) ? (document.token_endpoint_auth_methods_supported as unknown[]) : ["client_secret_basic"];
  return {
    issuer: text("issuer")!,
    authorizationEndpoint,
    tokenEndpoint,
    userInfoEndpoint: text("userinfo_endpoint"),
    jwksEndpoint,
    tokenEndpointAuthentication: methods.includes("client_secret_basic") ? "client_secret_basic" : methods.includes("client_secret_post") ? "client_secret_post" : undefined,
  };
}
