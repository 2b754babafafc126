/** better-auth's own client plugin (@better-auth/oauth-provider's oauthProviderClient) registers and reads a client against Latchkey. */
import { oauthProviderClient } from "@better-auth/oauth-provider/client";
import { createAuthClient } from "better-auth/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true, allowDynamicClientRegistration: true }, rateLimit: { enabled: false } } });
});
afterAll(async () => {
  await server.close();
});

describe("oauthProviderClient against Latchkey", () => {
  it("registers a client (dynamic registration) and reads it back as its owner", async () => {
    const jar = createCookieFetch(server.url);
    const client = createAuthClient({ baseURL: server.url, plugins: [oauthProviderClient()], fetchOptions: { customFetchImpl: jar.fetch } });
    const signUp = await client.signUp.email({ email: "oauth-owner@example.com", password: "correct horse battery", name: "Owner" });
    expect(signUp.error).toBeNull();

    const registered = await client.oauth2.register({ client_name: "Outline", redirect_uris: ["https://outline.example.test/auth/oidc.callback"] });
    expect(registered.error).toBeNull();
    expect(registered.data).toMatchObject({ client_name: "Outline", redirect_uris: ["https://outline.example.test/auth/oidc.callback"], token_endpoint_auth_method: "client_secret_basic", user_id: signUp.data!.user.id });
    expect(typeof registered.data!.client_secret).toBe("string");

    const read = await client.oauth2.getClient({ query: { client_id: registered.data!.client_id } });
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({ client_id: registered.data!.client_id, client_name: "Outline" });
    expect(read.data).not.toHaveProperty("client_secret");
  });
});
