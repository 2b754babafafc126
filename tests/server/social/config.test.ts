import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv, resolveConfig, unknownEnvVariables } from "../../../server/config.js";
import { maskProviderSecrets } from "../../../server/features/social/config-schema.js";
import { defineProvider, effectiveEndpoints, effectiveScopes, type ProviderSettings } from "../../../server/features/social/provider.js";
import { TestBrowser } from "./support.js";
import { finish, sessionOf, startSocialWorld, type SocialWorld } from "./setup.js";

describe("social configuration", () => {
  it("reads AUTH_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET, and does not call them unknown variables", () => {
    const env = { AUTH_GITHUB_CLIENT_ID: "gh-id", AUTH_GITHUB_CLIENT_SECRET: "gh-secret", AUTH_GOOGLE_CLIENT_ID: "g-id" };
    expect(unknownEnvVariables(env)).toEqual([]);
    const config = resolveConfig(configFromEnv(env));
    expect(config.socialProviders.github).toMatchObject({ clientId: "gh-id", clientSecret: "gh-secret", scopes: [] });
    expect(config.socialProviders.google?.clientId).toBe("g-id");
    expect(unknownEnvVariables({ AUTH_GITHUB_CLIENT_SECRE: "x" }).map((v) => v.path)).toEqual(["AUTH_GITHUB_CLIENT_SECRE"]);
  });

  it("refuses a misspelled provider setting and a generic provider with neither discovery nor endpoints", () => {
    expect(() => resolveConfig({ socialProviders: { github: { clientId: "x", clientSecrett: "y" } } } as never)).toThrow(/clientSecrett/);
    expect(() => resolveConfig({ genericOAuth: [{ providerId: "corp", clientId: "x" }] } as never)).toThrow(/discoveryUrl/);
  });

  it("masks every provider's clientSecret when settings are printed", () => {
    const config = resolveConfig({ socialProviders: { github: { clientId: "x", clientSecret: "top-secret" } }, genericOAuth: [{ providerId: "corp", clientId: "y", clientSecret: "also-secret", discoveryUrl: "https://idp.example/.well-known/openid-configuration" }] });
    const copy = structuredClone(config) as unknown as Record<string, unknown>;
    maskProviderSecrets(copy);
    expect(JSON.stringify(copy)).not.toMatch(/top-secret|also-secret/);
  });

  it("applies endpoints in order: declaration, then derived from settings (tenant), then explicit overrides", () => {
    const tenanted = defineProvider({
      id: "tenanted",
      name: "Tenanted",
      endpoints: { authorization: "https://login.example/common/authorize", token: "https://login.example/common/token" },
      resolveEndpoints: (settings) => (settings.tenantId ? { authorization: `https://login.example/${settings.tenantId}/authorize`, token: `https://login.example/${settings.tenantId}/token` } : {}),
      defaultScopes: ["openid", "email"],
      pkce: true,
      clientAuthentication: "client_secret_post",
      oidc: true,
      getProfile: async () => null,
    });
    const settings: ProviderSettings = { clientId: "x", scopes: ["offline_access"], disableDefaultScope: false, audiences: [], authorizationParams: {}, endpoints: { token: "http://127.0.0.1:9/token" }, tenantId: "contoso" };
    expect(effectiveEndpoints(tenanted, settings)).toEqual({ authorization: "https://login.example/contoso/authorize", token: "http://127.0.0.1:9/token" });
    expect(effectiveScopes(tenanted, settings, ["profile", "email"])).toEqual(["openid", "email", "offline_access", "profile"]);
    expect(effectiveScopes(tenanted, { ...settings, disableDefaultScope: true })).toEqual(["offline_access"]);
  });
});

describe("generic OAuth 2 provider by explicit endpoints with client_secret_basic", () => {
  let world: SocialWorld;
  beforeAll(async () => {
    world = await startSocialWorld((idp) => ({
      genericOAuth: [
        {
          providerId: "plain",
          name: "Plain OAuth",
          authorizationUrl: idp.endpoints.authorization,
          tokenUrl: idp.endpoints.token,
          userInfoUrl: idp.endpoints.userInfo,
          clientId: `${idp.clientId}-basic`,
          clientSecret: idp.clientSecret,
          scopes: ["openid", "email", "profile"],
          oidc: false,
        },
      ],
    }));
  }, 60_000);
  afterAll(async () => world?.close());

  it("signs in with the profile from the user-info endpoint (no ID-token checks configured), authenticating with Basic", async () => {
    // This world's generic list replaced the default one: allow the plain provider's callback too.
    world.idp.allow([`${world.server.api}/callback/google`, `${world.server.api}/callback/plain`]);
    world.idp.users.set("pat", { sub: "pat", email: "pat@example.com", email_verified: true, name: "Pat" });
    const browser = new TestBrowser();
    const started = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "plain", callbackURL: "/console/" } });
    const { url } = (await started.json()) as { url: string };
    expect(new URL(url).searchParams.get("nonce")).toBeNull();
    browser.login = "pat";
    expect((await finish(world, browser, url)).url).toBe(`${world.server.url}/console/`);
    expect((await sessionOf(world, browser))?.user.email).toBe("pat@example.com");
  });
});
