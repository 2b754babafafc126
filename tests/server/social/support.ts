/**
 * Test parts for social sign-in: a real OpenID Connect server (oidc-provider 9 on loopback, its
 * development login and consent forms) and a small browser that keeps cookies per host, follows
 * redirects across hosts and fills those two forms like a person would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

export interface IdpUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  /** Claims an enterprise IdP adds (SSO tests): the authentication methods and the person's groups. */
  amr?: string[];
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
  users: Map<string, IdpUser>;
  /** Sign an ID token with the IdP's own key (for ID-token sign-in and one-tap tests). */
  signIdToken(claims: Record<string, unknown>, options?: { expiresIn?: string | number; issuer?: string; audience?: string }): Promise<string>;
  /** A token signed by a key the IdP does not publish. */
  signForeign(claims: Record<string, unknown>): Promise<string>;
  endpoints: { authorization: string; token: string; userInfo: string; jwks: string; issuer: string };
  /** Register the client's redirect URIs (known once the Latchkey server listens) and start answering. */
  allow(redirectUris: string[]): void;
  /** The underlying oidc-provider instance (after allow). */
  provider(): Provider;
  close(): Promise<void>;
}

/** Starts listening at once (so the issuer URL is known); answers OIDC requests after `allow()`. */
export async function startIdp(options: { tokenAuth?: "client_secret_basic" | "client_secret_post" } = {}): Promise<TestIdp> {
  // oidc-provider signs with the private key and publishes its public half itself.
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const users = new Map<string, IdpUser>();
  const clientId = "latchkey-test";
  const clientSecret = "a-client-secret-for-tests-only-123456";

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let provider: Provider | undefined;
  const configure = (redirectUris: string[]) => new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: options.tokenAuth ?? "client_secret_post",
      },
      // A second client that authenticates with HTTP Basic (client_secret_basic).
      {
        client_id: `${clientId}-basic`,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ["cookie-key-for-tests-only"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // Real providers (Google) put email in the ID token; oidc-provider keeps it to userinfo unless told.
    conformIdTokenClaims: false,
    // `groups` rides on the profile scope, as Okta and Entra put it in the ID token; `amr` is
    // listed there too so the ID token keeps the value set on the authorization code (allow()).
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture", "groups", "amr"] },
    scopes: ["openid", "email", "profile", "offline_access"],
    issueRefreshToken: async () => true,
    async findAccount(_ctx: unknown, id: string) {
      const user = users.get(id) ?? { sub: id };
      return { accountId: id, claims: async () => ({ ...user, sub: id }) };
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86400, Interaction: 600, Session: 600, Grant: 600 },
  });
  server.on("request", (request, response) => {
    if (!provider) {
      response.writeHead(503).end();
      return;
    }
    provider.callback()(request, response);
  });

  const sign = (key: CryptoKey, kid: string, claims: Record<string, unknown>, opts: { expiresIn?: string | number; issuer?: string; audience?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? clientId)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? "10m")
      .sign(key);
  const foreign = await generateKeyPair("RS256");

  return {
    issuer,
    clientId,
    clientSecret,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    users,
    signIdToken: (claims, opts) => sign(privateKey, "test-key", claims, opts),
    signForeign: (claims) => sign(foreign.privateKey, "test-key", claims),
    endpoints: { authorization: `${issuer}/auth`, token: `${issuer}/token`, userInfo: `${issuer}/me`, jwks: `${issuer}/jwks`, issuer },
    allow(redirectUris) {
      const configured = configure(redirectUris);
      // How a person signed in (RFC 8176 amr) is the IdP's session's, and devInteractions knows one
      // factor only: a test user's `amr` goes on the authorization code the ID token is made from.
      // (oidc-provider's models are on the instance at run time; its typings leave them out.)
      const code = (configured as unknown as { AuthorizationCode: { prototype: { save(...args: unknown[]): Promise<string>; accountId?: string; amr?: string[] } } }).AuthorizationCode.prototype;
      const save = code.save;
      code.save = function (this: typeof code, ...args: unknown[]) {
        const amr = this.accountId ? users.get(this.accountId)?.amr : undefined;
        if (amr) this.amr = amr;
        return save.apply(this, args);
      };
      provider = configured;
    },
    provider: () => provider!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Hop {
  url: string;
  status: number;
}

/** A browser: cookies per host:port, manual redirects, the IdP's forms filled in. */
export class TestBrowser {
  readonly jars = new Map<string, Map<string, string>>();
  readonly hops: Hop[] = [];
  /** The account id typed into the IdP's login form. */
  login = "alice";

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string | undefined): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    if (value === undefined) jar.delete(name);
    else jar.set(name, value);
  }

  async request(url: string, init: { method?: string; body?: string; contentType?: string; json?: unknown; bearer?: string; sendCookies?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = init.sendCookies === false ? "" : this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["content-type"] = "application/json";
    } else if (init.contentType) headers["content-type"] = init.contentType;
    if (init.method && init.method !== "GET") headers.origin = new URL(url).origin;
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    const response = await fetch(url, { method: init.method ?? "GET", headers, body, redirect: "manual" });
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = (pair ?? "").indexOf("=");
      const name = (pair ?? "").slice(0, index).trim();
      const value = (pair ?? "").slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.hops.push({ url, status: response.status });
    return response;
  }

  /**
   * Navigate from `url`, following redirects and submitting the IdP's login and consent forms,
   * until a response is not a redirect or `stop(url)` says so. Returns the last URL and response.
   */
  async navigate(url: string, stop: (url: string) => boolean = () => false): Promise<{ url: string; response: Response }> {
    let current = url;
    let init: { method?: string; body?: string; contentType?: string; sendCookies?: boolean } = {};
    for (let step = 0; step < 30; step++) {
      if (stop(current)) return { url: current, response: new Response(null, { status: 204 }) };
      const response = await this.request(current, init);
      init = {};
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).toString();
        continue;
      }
      const html = response.headers.get("content-type")?.includes("text/html") ? await response.clone().text() : "";
      const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html);
      if (form && /name="prompt" value="(login|consent)"/.test(html)) {
        const prompt = /name="prompt" value="(login|consent)"/.exec(html)![1];
        const fields = new URLSearchParams({ prompt: prompt! });
        if (prompt === "login") {
          fields.set("login", this.login);
          fields.set("password", "any");
        }
        current = new URL(form[1]!.replace(/&amp;/g, "&"), current).toString();
        init = { method: "POST", body: fields.toString(), contentType: "application/x-www-form-urlencoded" };
        continue;
      }
      // Apple-style form_post: an auto-submitting form that posts code and state to the callback.
      const autoPost = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html);
      if (autoPost && /name="state"/.test(html)) {
        const fields = new URLSearchParams();
        for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(match[1]!, decodeHtml(match[2]!));
        current = new URL(decodeHtml(autoPost[1]!), current).toString();
        // A cross-site POST carries no SameSite=Lax cookies.
        init = { method: "POST", body: fields.toString(), contentType: "application/x-www-form-urlencoded", sendCookies: false };
        continue;
      }
      return { url: current, response };
    }
    throw new Error("too many redirects");
  }
}

function decodeHtml(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x2F;/g, "/").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}
