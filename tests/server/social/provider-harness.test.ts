/** The per-provider harness itself, exercised with the built-in provider it ships with (google). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProviderSignIn, startFakeProvider, type FakeProvider } from "./provider-harness.js";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => fake?.close());

describe("provider harness (google against a fake loopback provider)", () => {
  it("sends client_secret_post, the PKCE verifier and the redirect URI, verifies the ID token and maps its claims", async () => {
    let nonce: string | null = null;
    fake.on("POST /token", async () => ({
      json: {
        access_token: "g-access",
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
        id_token: await fake.signIdToken({ sub: "1234567890", email: "Gabe@Example.com", email_verified: true, name: "Gabe", picture: "https://example.com/g.png", nonce }),
      },
    }));
    const run = await runProviderSignIn({ providerId: "google", fake, settings: { scopes: ["https://www.googleapis.com/auth/drive.readonly"] }, onNonce: (value) => (nonce = value) });
    try {
      expect(run.authorizeURL.searchParams.get("scope")).toBe("openid email profile https://www.googleapis.com/auth/drive.readonly");
      expect(run.authorizeURL.searchParams.get("code_challenge_method")).toBe("S256");
      const token = run.tokenRequest!;
      expect(token.form.get("client_id")).toBe("fake-client-id");
      expect(token.form.get("client_secret")).toBe("fake-client-secret");
      expect(token.headers.authorization).toBeUndefined();
      expect(token.form.get("code")).toBe("fake-code");
      expect(token.form.get("code_verifier")).toMatch(/^[A-Za-z0-9]{128}$/);
      expect(token.form.get("redirect_uri")).toBe(`${run.server.api}/callback/google`);
      expect(run.landed.pathname).toBe("/done");
      expect(run.user).toMatchObject({ email: "gabe@example.com", name: "Gabe", image: "https://example.com/g.png", emailVerified: true });
      expect(run.account).toEqual({ accountId: "1234567890", scope: "openid,email,profile", idToken: expect.stringMatching(/^v1\./) });
    } finally {
      await run.close();
    }
  });

  it("reports invalid_code when the provider's ID token lacks this flow's nonce", async () => {
    fake.on("POST /token", async () => ({ json: { access_token: "x", token_type: "Bearer", id_token: await fake.signIdToken({ sub: "1", email: "a@example.com", email_verified: true, nonce: "stale" }) } }));
    const run = await runProviderSignIn({ providerId: "google", fake });
    try {
      expect(run.landed.searchParams.get("error")).toBe("invalid_code");
      expect(run.user).toBeNull();
    } finally {
      await run.close();
    }
  });
});
