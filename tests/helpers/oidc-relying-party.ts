/**
 * A relying party's view of Latchkey's OpenID provider for tests: an administrator who creates
 * apps, a browser (a cookie jar signed in over the API) that follows /oauth2/authorize by hand,
 * and openid-client configured as the app would be (plain http on loopback allowed).
 */
import * as oidc from "openid-client";
import { expect } from "vitest";
import { createCookieFetch, type CookieFetch } from "./cookie-fetch.js";
import type { TestServer } from "./test-server.js";

export const REDIRECT = "https://app.example.test/callback";

export interface AppCredentials {
  client_id: string;
  client_secret?: string;
}

export function relyingParty(server: TestServer, adminToken: string) {
  async function createApp(body: Record<string, unknown>): Promise<AppCredentials> {
    const answer = await server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body: { client_name: "App", redirect_uris: [REDIRECT], ...body } });
    expect(answer.status).toBe(200);
    return answer.body as AppCredentials;
  }

  /** A person's browser: signed in by email and password, cookies kept. */
  async function browserOf(email: string, password = "correct horse battery"): Promise<CookieFetch> {
    const jar = createCookieFetch(server.url);
    const signIn = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    expect(signIn.status).toBe(200);
    return jar;
  }

  async function configFor(app: AppCredentials, auth?: oidc.ClientAuth): Promise<oidc.Configuration> {
    const secret = app.client_secret;
    return oidc.discovery(new URL(server.api), app.client_id, secret, auth ?? (secret ? oidc.ClientSecretBasic(secret) : oidc.None()), { execute: [oidc.allowInsecureRequests] });
  }

  /** Starts the flow as the app would and follows one redirect of the provider in the browser. */
  async function authorize(config: oidc.Configuration, jar: CookieFetch, extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid profile email offline_access", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce, ...extra });
    const answer = await jar.fetch(url.toString());
    return { answer, location: answer.headers.get("location") ?? "", verifier, state, nonce };
  }

  /** The whole code flow for a signed-in browser of a first-party app: the token answer. */
  async function signInToApp(config: oidc.Configuration, jar: CookieFetch, extra: Record<string, string> = {}) {
    const flow = await authorize(config, jar, extra);
    expect(flow.location.startsWith(REDIRECT)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    return { flow, tokens };
  }

  return { createApp, browserOf, configFor, authorize, signInToApp };
}
