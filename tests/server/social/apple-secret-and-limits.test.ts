/**
 * Gaps closed after the first provider pass: Apple's client secret made from the team's key by
 * config (and cached), Apple's hashed nonce on native ID-token sign-in (Apple only), the
 * settings that refuse an Apple entry with no way to authenticate, and the strict rate-limit
 * rule on social callbacks.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { resolveConfig } from "../../../server/config.js";
import { maskProviderSecrets } from "../../../server/features/social/config-schema.js";
import { clientSecretOf, type ResolvedProvider } from "../../../server/features/social/oauth-client.js";
import { effectiveEndpoints, type ProviderSettings } from "../../../server/features/social/provider.js";
import { apple } from "../../../server/features/social/providers/apple.js";
import { startTestServer } from "../../helpers/test-server.js";
import { runProviderSignIn, startFakeProvider, type FakeProvider, type ProviderRun } from "./provider-harness.js";

let fake: FakeProvider | undefined;
let run: ProviderRun | undefined;
afterEach(async () => {
  await run?.close();
  await fake?.close();
  run = fake = undefined;
});

async function appleKey() {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { pem: await exportPKCS8(privateKey), publicKey };
}

describe("Apple's client secret from the team's key", () => {
  it("signs the token request's client_secret with the configured key (team id as issuer, Services ID as subject)", async () => {
    const key = await appleKey();
    fake = await startFakeProvider();
    const current = fake;
    let nonce: string | null = null;
    current.on("POST /token", async () => ({ json: { access_token: "a", token_type: "Bearer", id_token: await current.signIdToken({ sub: "001.key", email: "key@example.com", email_verified: "true", nonce }) } }));
    // The harness's default clientSecret is replaced by the key fields.
    run = await runProviderSignIn({ providerId: "apple", fake: current, callbackMethod: "POST", settings: { clientSecret: undefined, teamId: "TEAMSIGN01", keyId: "KEYSIGN001", privateKey: key.pem }, onNonce: (value) => (nonce = value) });
    expect(run.landed.pathname).toBe("/done");
    const sent = run.tokenRequest!.form.get("client_secret")!;
    const { payload, protectedHeader } = await jwtVerify(sent, key.publicKey, { issuer: "TEAMSIGN01", subject: "fake-client-id", audience: "https://appleid.apple.com" });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "KEYSIGN001" });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(24 * 3600);
  });

  it("keeps a made secret until shortly before it expires, then makes a new one", async () => {
    const key = await appleKey();
    const settings: ProviderSettings = { clientId: "com.example.cache", scopes: [], disableDefaultScope: false, audiences: [], authorizationParams: {}, endpoints: {}, teamId: "TEAMCACHE1", keyId: "KEYCACHE01", privateKey: key.pem };
    const provider: ResolvedProvider = { definition: apple, settings, endpoints: effectiveEndpoints(apple, settings) };
    const start = Date.UTC(2026, 5, 1);
    const first = await clientSecretOf(provider, start);
    expect(first).toMatch(/^ey/);
    expect(await clientSecretOf(provider, start + 60 * 60_000)).toBe(first);
    const late = await clientSecretOf(provider, start + 24 * 3600_000 - 5 * 60_000);
    expect(late).not.toBe(first);
    const { payload } = await jwtVerify(late!, key.publicKey, { currentDate: new Date(start + 24 * 3600_000 - 5 * 60_000) });
    expect(payload.exp! * 1000).toBeGreaterThan(start + 24 * 3600_000);
    // A configured clientSecret wins over the key.
    expect(await clientSecretOf({ ...provider, settings: { ...settings, clientSecret: "pre-made" } }, start)).toBe("pre-made");
  });

  it("refuses an Apple entry with neither clientSecret nor the whole key, and key fields on other providers", () => {
    expect(() => resolveConfig({ socialProviders: { apple: { clientId: "com.example.web" } } } as never)).toThrow(/clientSecret, or teamId, keyId and privateKey/);
    expect(() => resolveConfig({ socialProviders: { apple: { clientId: "com.example.web", teamId: "T", keyId: "K" } } } as never)).toThrow(/privateKey/);
    expect(() => resolveConfig({ socialProviders: { github: { clientId: "x", clientSecret: "y", privateKey: "k" } } } as never)).toThrow(/only Apple/);
    expect(resolveConfig({ socialProviders: { apple: { clientId: "com.example.web", clientSecret: "jwt" } } }).socialProviders.apple?.clientSecret).toBe("jwt");
    expect(resolveConfig({ socialProviders: { apple: { clientId: "c", teamId: "T", keyId: "K", privateKey: "-----BEGIN PRIVATE KEY-----" } } }).socialProviders.apple?.teamId).toBe("T");
  });

  it("masks the private key when settings are printed", () => {
    const config = resolveConfig({ socialProviders: { apple: { clientId: "c", teamId: "T", keyId: "K", privateKey: "-----BEGIN PRIVATE KEY-----\nMIGTAgEAsecretpart" } } });
    const copy = structuredClone(config) as unknown as Record<string, unknown>;
    maskProviderSecrets(copy);
    expect(JSON.stringify(copy)).not.toMatch(/secretpart|BEGIN PRIVATE KEY/);
    expect(JSON.stringify(copy)).toMatch(/"teamId":"T"/);
  });
});

describe("Apple's hashed nonce on native ID-token sign-in", () => {
  it("accepts a token carrying the SHA-256 hex of the given nonce for Apple, and not for Google", async () => {
    fake = await startFakeProvider();
    const f = fake;
    const endpoints = { authorization: `${f.url}/authorize`, token: `${f.url}/token`, jwks: `${f.url}/jwks`, issuer: f.url };
    const server = await startTestServer({ config: { socialProviders: { apple: { clientId: "fake-client-id", clientSecret: "s", endpoints }, google: { clientId: "fake-client-id", clientSecret: "s", endpoints } } } });
    try {
      const raw = "native-nonce-123";
      const hashed = createHash("sha256").update(raw).digest("hex");
      const appleToken = await f.signIdToken({ sub: "001.native", email: "n@example.com", email_verified: "true", nonce: hashed });
      const signedIn = await server.request("POST", "/sign-in/social", { body: { provider: "apple", idToken: { token: appleToken, nonce: raw } } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.email).toBe("n@example.com");
      // The plain nonce still works, and a hash of another nonce does not.
      const plain = await f.signIdToken({ sub: "001.native", email: "n@example.com", email_verified: "true", nonce: raw });
      expect((await server.request("POST", "/sign-in/social", { body: { provider: "apple", idToken: { token: plain, nonce: raw } } })).status).toBe(200);
      expect((await server.request("POST", "/sign-in/social", { body: { provider: "apple", idToken: { token: appleToken, nonce: "another" } } })).status).toBe(401);
      const googleToken = await f.signIdToken({ sub: "g.native", email: "g@example.com", email_verified: true, nonce: hashed });
      const refused = await server.request("POST", "/sign-in/social", { body: { provider: "google", idToken: { token: googleToken, nonce: raw } } });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("INVALID_TOKEN");
    } finally {
      await server.close();
    }
  });
});

describe("rate limits on social callbacks", () => {
  it("counts /callback/* and /oauth2/callback/* under the strict sign-in rule", async () => {
    const server = await startTestServer({ config: { rateLimit: { enabled: true, max: 1000, strict: { window: 60, max: 3 } }, socialProviders: { github: { clientId: "x", clientSecret: "y" } } } });
    try {
      for (const path of ["/callback/github", "/oauth2/callback/github"]) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await server.request("GET", `${path}?state=none&code=c`)).status);
        expect(statuses.slice(0, 3)).not.toContain(429);
        expect(statuses[3]).toBe(429);
      }
    } finally {
      await server.close();
    }
  });
});
