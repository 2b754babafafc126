/**
 * For per-provider tests (one per built-in provider): a loopback server that plays the
 * provider's token, user-info, JWKS and API endpoints with the provider's documented answers and
 * records every request, and `runProviderSignIn`, which drives Latchkey's real flow against it
 * (sign-in/social → the provider's redirect back with a code → token request → profile → user).
 *
 *   const fake = await startFakeProvider();
 *   fake.on("POST /token", () => ({ json: { access_token: "at", token_type: "bearer" } }));
 *   fake.on("GET /user", () => ({ json: { id: 1, login: "octo", email: "o@example.com" } }));
 *   const run = await runProviderSignIn({ providerId: "github", fake });
 *   expect(run.tokenRequest.headers.authorization).toMatch(/^Basic /);
 *   expect(run.user?.email).toBe("o@example.com");
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import type { ConfigInput } from "../../../server/config.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { TestBrowser } from "./support.js";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Form or JSON body, as text. */
  body: string;
  /** The body parsed as a form (token requests). */
  form: URLSearchParams;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface FakeProvider {
  /** Origin, e.g. http://127.0.0.1:PORT; endpoints are paths under it. */
  url: string;
  requests: RecordedRequest[];
  /** Answer "METHOD /path" (query ignored). Unregistered paths answer 404. */
  on(route: string, answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): void;
  /** An ID token signed with the key published at `${url}/jwks`. */
  signIdToken(claims: Record<string, unknown>, options?: { issuer?: string; audience?: string; expiresIn?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "fake-key", alg: "RS256", use: "sig" };
  const routes = new Map<string, (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>>();
  const requests: RecordedRequest[] = [];
  routes.set("GET /jwks", () => ({ json: { keys: [jwk] } }));
  const server: Server = createServer((incoming, response) => {
    let body = "";
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", async () => {
      const url = new URL(incoming.url ?? "/", "http://fake");
      const recorded: RecordedRequest = { method: incoming.method ?? "GET", path: url.pathname, query: url.searchParams, headers: incoming.headers, body, form: new URLSearchParams(body) };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      if (!handler) {
        response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not_found"}');
        return;
      }
      const answer = await handler(recorded);
      const headers = { ...(answer.json !== undefined ? { "content-type": "application/json" } : {}), ...answer.headers };
      response.writeHead(answer.status ?? 200, headers).end(answer.json !== undefined ? JSON.stringify(answer.json) : answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    on: (route, answer) => void routes.set(route, answer),
    signIdToken: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "fake-key" })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? "fake-client-id")
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "10m")
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ProviderRun {
  server: TestServer;
  /** The authorize URL Latchkey built (check scopes, PKCE, extra parameters). */
  authorizeURL: URL;
  /** What the provider's token endpoint received (undefined if never called). */
  tokenRequest: RecordedRequest | undefined;
  /** Where the browser ended: callbackURL on success, or the error URL with ?error=. */
  landed: URL;
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean } | null;
  /** The provider account row Latchkey stored, if any. */
  account: { accountId: string; scope: string | null; idToken: string | null } | undefined;
  close(): Promise<void>;
}

/**
 * One sign-in through `providerId` with every endpoint pointed at `fake` (token `/token`,
 * user info `/userinfo`, JWKS `/jwks`, API base `fake.url`, issuer `fake.url`), unless `settings.endpoints`
 * says otherwise. `callbackParams` are added to the provider's redirect back (VK's device_id,
 * Apple's user); `callbackMethod: "POST"` posts them as a form (form_post).
 */
export async function runProviderSignIn(options: {
  providerId: string;
  fake: FakeProvider;
  settings?: Record<string, unknown>;
  config?: ConfigInput;
  callbackParams?: Record<string, string>;
  callbackMethod?: "GET" | "POST";
  /** Use the nonce Latchkey sent (OIDC) when signing the ID token the fake returns. */
  onNonce?: (nonce: string | null) => void;
}): Promise<ProviderRun> {
  const { fake, providerId } = options;
  const endpoints = { authorization: `${fake.url}/authorize`, token: `${fake.url}/token`, userInfo: `${fake.url}/userinfo`, jwks: `${fake.url}/jwks`, issuer: fake.url, api: fake.url };
  const settings = { clientId: "fake-client-id", clientSecret: "fake-client-secret", ...options.settings } as Record<string, unknown>;
  settings.endpoints = { ...endpoints, ...(settings.endpoints as object | undefined) };
  const server = await startTestServer({ config: { ...options.config, socialProviders: { [providerId]: settings } } as ConfigInput });
  const browser = new TestBrowser();
  const started = await browser.request(`${server.api}/sign-in/social`, { method: "POST", json: { provider: providerId, callbackURL: "/done", errorCallbackURL: "/failed" } });
  if (started.status !== 200) throw new Error(`sign-in/social answered ${started.status}: ${await started.text()}`);
  const authorizeURL = new URL(((await started.json()) as { url: string }).url);
  options.onNonce?.(authorizeURL.searchParams.get("nonce"));
  const params = new URLSearchParams({ code: "fake-code", state: authorizeURL.searchParams.get("state") ?? "", ...options.callbackParams });
  const callback = `${server.api}/callback/${providerId}`;
  let first: Response;
  if (options.callbackMethod === "POST") first = await browser.request(callback, { method: "POST", body: params.toString(), contentType: "application/x-www-form-urlencoded", sendCookies: false });
  else first = await browser.request(`${callback}?${params}`);
  let location = new URL(first.headers.get("location") ?? callback, callback);
  if (options.callbackMethod === "POST") location = new URL((await browser.request(location.toString())).headers.get("location") ?? "", callback);
  const session = await browser.request(`${server.api}/get-session`);
  const user = ((await session.json()) as { user?: ProviderRun["user"] } | null)?.user ?? null;
  const account = await server.database.db.selectFrom("account").select(["accountId", "scope", "idToken"]).where("providerId", "=", providerId).executeTakeFirst();
  return {
    server,
    authorizeURL,
    tokenRequest: fake.requests.find((request) => request.path === new URL(settings.endpoints ? (settings.endpoints as { token: string }).token : endpoints.token).pathname && request.method === "POST"),
    landed: location,
    user,
    account,
    close: () => server.close(),
  };
}
