/** JWTs for other services: /token and set-auth-jwt verified with jose against /jwks, rotation, HS256, keys sealed at rest. */
import { createAuthClient } from "better-auth/client";
import { jwtClient } from "better-auth/client/plugins";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../server/config.js";
import { open } from "../../../server/crypto/encrypt.js";
import { signUserJwt } from "../../../server/features/jwt/service.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const HOUR = 3600;

describe("EdDSA tokens (the default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { jwt: { enabled: true, rotationInterval: 2 * HOUR, gracePeriod: 3 * HOUR } } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function signedIn() {
    const jar = createCookieFetch(server.url);
    const client = createAuthClient({ baseURL: server.url, plugins: [jwtClient()], fetchOptions: { customFetchImpl: jar.fetch } });
    const signUp = await client.signUp.email({ email: `jwt-${Math.random().toString(36).slice(2, 10)}@example.com`, password: "password123", name: "Jwt User" });
    return { client, jar, userId: signUp.data!.user.id, token: signUp.data!.token! };
  }

  const verifyAt = async (token: string, jwks: JSONWebKeySet, atMs: number) =>
    jwtVerify(token, createLocalJWKSet(jwks), { issuer: server.url, audience: server.url, currentDate: new Date(atMs) });

  it("signs /token with Ed25519, 15 minutes, iss/aud the base URL and sub the user id, verifiable from /jwks", async () => {
    const { client, userId, token: session } = await signedIn();
    const jwks = await client.jwks();
    expect(jwks.error).toBeNull();
    expect(jwks.data!.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
    expect(jwks.data!.keys[0]).not.toHaveProperty("d");

    const answer = await server.request("GET", "/token", { token: session });
    expect(answer.status).toBe(200);
    // better-auth's client reaches the same endpoint.
    const viaClient = await client.$fetch<{ token: string }>("/token", { method: "GET" });
    expect(viaClient.error).toBeNull();
    expect((await verifyAt(viaClient.data!.token, jwks.data as JSONWebKeySet, server.clock.now())).payload.sub).toBe(userId);
    const { payload, protectedHeader } = await verifyAt(answer.body.token, jwks.data as JSONWebKeySet, server.clock.now());
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", kid: jwks.data!.keys[0]!.kid });
    expect(payload).toMatchObject({ sub: userId, id: userId, iss: server.url, aud: server.url, name: "Jwt User" });
    expect(payload.exp! - payload.iat!).toBe(900);
  });

  it("answers get-session made with an API key with a set-auth-jwt header for the key's user", async () => {
    const { userId, token } = await signedIn();
    const key = (await server.request("POST", "/api-key/create", { token, body: { name: "jwt" } })).body.key as string;
    const answer = await server.request("GET", "/get-session", { headers: { "x-api-key": key } });
    const jwks = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    expect((await verifyAt(answer.headers.get("set-auth-jwt")!, jwks, server.clock.now())).payload.sub).toBe(userId);
  });

  it("answers get-session with a set-auth-jwt header for the same user", async () => {
    const { userId, token } = await signedIn();
    const answer = await server.request("GET", "/get-session", { token });
    const jwt = answer.headers.get("set-auth-jwt");
    expect(jwt).toBeTruthy();
    const jwks = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    expect((await verifyAt(jwt!, jwks, server.clock.now())).payload.sub).toBe(userId);
  });

  it("rotates the signing key on schedule and serves the old public key through the grace period", async () => {
    const { token } = await signedIn();
    const issuedAt = server.clock.now();
    const before = (await server.request("GET", "/token", { token })).body.token as string;
    const oldKid = decodeProtectedHeader(before).kid;

    server.clock.advance(2 * HOUR * 1000 + 1000);
    const after = (await server.request("GET", "/token", { token })).body.token as string;
    const newKid = decodeProtectedHeader(after).kid;
    expect(newKid).not.toBe(oldKid);

    const during = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    expect(during.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    // The old token still verifies (at a time inside its own 15 minutes) against today's /jwks.
    expect((await verifyAt(before, during, issuedAt + 1000)).protectedHeader.kid).toBe(oldKid);

    server.clock.advance(3 * HOUR * 1000 + 1000);
    const later = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    expect(later.keys.map((key) => key.kid)).not.toContain(oldKid);
    await expect(verifyAt(before, later, issuedAt + 1000)).rejects.toThrow();
  });

  it("keeps private keys sealed: the database copy holds no usable private key without the server secret", async () => {
    const rows = await server.database.db.selectFrom("jwks").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateKey.startsWith("v1.")).toBe(true);
      expect(row.privateKey).not.toContain('"d"');
      expect(open(row.privateKey, "another secret of at least thirty-two characters", "jwks-private-key")).toBeNull();
      expect(JSON.parse(open(row.privateKey, server.app.context.secret, "jwks-private-key")!)).toHaveProperty("d");
    }
  });

  it("a server with the same database but another secret cannot sign with the stored key and answers SECRET_MISMATCH instead of replacing it (#26)", async () => {
    const { userId } = await server.signUp();
    const original = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    const copy = { ...server.app.context, secret: "a different server secret, at least 32 chars" };
    const user = { ...(await server.client((await server.signUp()).token).getSession())!.user, id: userId };
    await expect(signUserJwt(copy, user)).rejects.toMatchObject({ code: "SECRET_MISMATCH" });
    expect(((await server.request("GET", "/jwks")).body as JSONWebKeySet).keys.map((key) => key.kid)).toEqual(original.keys.map((key) => key.kid));
  });
});

describe("HS256 with a shared secret and 3600 s (the specification's default table)", () => {
  const secret = "a shared secret between latchkey and the api!";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { jwt: { enabled: true, algorithm: "HS256", expiresIn: 3600, secret } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("signs tokens another service verifies with the secret, and publishes no key", async () => {
    const { token, userId } = await server.signUp();
    const answer = await server.request("GET", "/token", { token });
    const { payload, protectedHeader } = await jwtVerify(answer.body.token, new TextEncoder().encode(secret), { currentDate: new Date(server.clock.now()) });
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload.sub).toBe(userId);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect((await server.request("GET", "/jwks")).body).toEqual({ keys: [] });
  });
});

describe("with JWTs off (the default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers /token and /jwks with 404 JWT_DISABLED and sends no set-auth-jwt", async () => {
    const { token } = await server.signUp();
    expect((await server.request("GET", "/token", { token })).body).toMatchObject({ code: "JWT_DISABLED" });
    const jwks = await server.request("GET", "/jwks");
    expect(jwks.status).toBe(404);
    expect((await server.request("GET", "/get-session", { token })).headers.get("set-auth-jwt")).toBeNull();
  });

  it("refuses HS256 without a shared secret in the configuration", () => {
    expect(() => resolveConfig({ jwt: { enabled: true, algorithm: "HS256" } })).toThrow(/jwt.secret/);
  });
});
