/**
 * The token endpoint's own rate limit (issue 23: "rate limits on /oauth2/token"): per IP,
 * `rateLimit.oauthToken` (60 a minute by default, stricter than the general 300, looser than
 * sign-in's 10 because one app server speaks for all its users). The N+1th request in a window
 * gets 429 TOO_MANY_REQUESTS with Retry-After, whatever it sends; other endpoints keep counting
 * by the general rule; the window's end lets the app in again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

const LIMIT = 4;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: { oauthProvider: { enabled: true }, rateLimit: { enabled: true, window: 60, max: 100, strict: { window: 60, max: 10 }, oauthToken: { window: 60, max: LIMIT } } },
  });
});
afterAll(async () => {
  await server.close();
});

describe("OpenID provider: token endpoint rate limit", () => {
  it("defaults to 60 a minute, between the strict and the general rule", async () => {
    const { resolveConfig } = await import("../../../server/config.js");
    const { rateLimit } = resolveConfig({});
    expect(rateLimit.oauthToken).toEqual({ window: 60, max: 60 });
    expect(rateLimit.oauthToken.max).toBeLessThan(rateLimit.max);
    expect(rateLimit.oauthToken.max).toBeGreaterThan(rateLimit.strict.max);
  });

  it("answers the N+1th request in a window 429 with a typed error and Retry-After, then lets the app in after the window", async () => {
    const admin = await signUpAdmin(server);
    const app = (await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Backup job", grant_types: ["client_credentials"], scope: "backup:read", token_endpoint_auth_method: "client_secret_post" } })).body as { client_id: string; client_secret: string };
    const exchange = () =>
      server.request("POST", "/oauth2/token", {
        rawBody: new URLSearchParams({ grant_type: "client_credentials", scope: "backup:read", client_id: app.client_id, client_secret: app.client_secret }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    for (let i = 0; i < LIMIT; i++) {
      const answer = await exchange();
      expect([i, answer.status]).toEqual([i, 200]);
    }
    const refused = await exchange();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
    expect(typeof refused.body.message).toBe("string");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A wrong secret is counted the same: guessing secrets is what the limit is for.
    const guess = await server.request("POST", "/oauth2/token", { rawBody: new URLSearchParams({ grant_type: "client_credentials", client_id: app.client_id, client_secret: "guess" }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(guess.status).toBe(429);

    // Other endpoints keep their own, general, count.
    expect((await server.request("GET", "/.well-known/openid-configuration")).status).toBe(200);

    server.clock.advance(61_000);
    try {
      expect((await exchange()).status).toBe(200);
    } finally {
      server.clock.set(Date.now());
    }
  });
});
