/**
 * Issue 41: cached get-session by bearer is answered before Fastify (server/http/session-fast-path.ts).
 * Each rule that path skips work for still holds: its answer is the route's byte for byte (status,
 * headers, body; no cache header either way), and a banned user, a revoked or expired session,
 * a cookie or an Origin, an API key, a rate limit, a draining or saturated server each get what
 * the full pipeline answers. `app.fastPath.answered()` tells which path answered. Not timed:
 * the speed is bench/ (docs/benchmarks.md). Runs on SQLite and, with LATCHKEY_TEST_DIALECT=postgres,
 * on PostgreSQL (whose cache waits for its change listener).
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installSessionFastPath } from "../../../server/http/session-fast-path.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

const DAY = 24 * 3600 * 1000;

/** PostgreSQL: the cache is used once the change listener has heard its own latest heartbeat. */
async function listening(server: TestServer): Promise<void> {
  const listener = server.app.changeListener;
  if (!listener) return;
  for (let waited = 0; !listener.usable(); waited += 5) {
    if (waited > 5_000) throw new Error(`change listener not usable (${listener.state()})`);
    await sleep(5);
  }
}

const fastAnswers = (server: TestServer) => server.app.fastPath?.answered() ?? -1;

/** Writes `requests` to one connection in a single write and reads `count` answers off it. */
function pipelined(url: string, requests: string, count: number): Promise<Array<{ status: number; contentLength: number; body: string }>> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Not end(): a half-closed connection has its unanswered requests aborted by node:http.
    const socket = connect(Number(port), hostname, () => socket.write(requests));
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answers: Array<{ status: number; contentLength: number; body: string }> = [];
      let at = 0;
      while (answers.length < count) {
        const headEnd = received.indexOf("\r\n\r\n", at);
        if (headEnd === -1) return;
        const head = received.subarray(at, headEnd).toString("latin1");
        const contentLength = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
        if (headEnd + 4 + contentLength > received.length) return;
        answers.push({ status: Number(head.slice(9, 12)), contentLength, body: received.subarray(headEnd + 4, headEnd + 4 + contentLength).toString("utf8") });
        at = headEnd + 4 + contentLength;
      }
      socket.destroy();
      resolve(answers);
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`connection closed after ${received.length} bytes`)));
  });
}

/** The headers a client could act on; Date and keep-alive are Node's own on both paths. */
function answerHeaders(headers: Headers): Record<string, string | null> {
  const names = ["content-type", "content-length", "vary", "cache-control", "pragma", "set-cookie", "set-auth-token", "access-control-allow-origin", "retry-after"];
  return Object.fromEntries(names.map((name) => [name, headers.get(name)]));
}

describe("get-session fast path (issue 41)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A session whose next plain check is answered by the fast path (proved, not assumed). */
  async function primed(): Promise<{ token: string; userId: string; text: string; headers: Record<string, string | null> }> {
    const user = await server.signUp();
    await listening(server);
    await server.app.context.audit.flush();
    // A write landing in between (a background task's) empties the cache: ask until memory answers.
    let first = await server.request("GET", "/get-session", { token: user.token });
    let second = first;
    for (let attempt = 0; ; attempt++) {
      const before = fastAnswers(server);
      second = await server.request("GET", "/get-session", { token: user.token });
      if (fastAnswers(server) === before + 1) break;
      if (attempt >= 20) throw new Error("the fast path never answered");
      first = second;
    }
    expect(second.text).toBe(first.text);
    expect(answerHeaders(second.headers)).toEqual(answerHeaders(first.headers));
    return { token: user.token, userId: user.userId, text: second.text, headers: answerHeaders(second.headers) };
  }

  it("answers a repeated check with the route's own status, headers and body", async () => {
    const { token, userId, headers } = await primed();
    const again = await server.request("GET", "/get-session", { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ session: { token, userId }, user: { id: userId } });
    expect(headers).toMatchObject({ "content-type": "application/json; charset=utf-8", vary: "Origin", "cache-control": null, "set-cookie": null, "set-auth-token": null });
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(again.text));
  });

  it("a ban, a revocation and an expiry each end the cached answer at the next check", async () => {
    const admin = await signUpAdmin(server);
    const banned = await primed();
    expect((await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: banned.userId } })).status).toBe(200);
    expect((await server.request("GET", "/get-session", { token: banned.token })).body).toBeNull();

    const revoked = await primed();
    expect((await server.request("POST", "/revoke-session", { token: revoked.token, body: { token: revoked.token } })).status).toBe(200);
    expect((await server.request("GET", "/get-session", { token: revoked.token })).body).toBeNull();

    const expiring = await primed();
    server.clock.advance(7 * DAY);
    const before = fastAnswers(server);
    expect((await server.request("GET", "/get-session", { token: expiring.token })).body).toBeNull();
    expect(fastAnswers(server)).toBe(before);
  });

  it("sign-ins (their own user's too) leave a cached answer in memory; a change to its user's row, straight in the database, ends it", async () => {
    const cached = await primed();
    // A sign-in storm writes sessions and audit rows: inserts, which change no answer kept.
    const stranger = await server.signUp();
    expect((await server.request("POST", "/sign-in/email", { body: { email: stranger.email, password: stranger.password } })).status).toBe(200);
    const own = await server.database.db.selectFrom("user").select("email").where("id", "=", cached.userId).executeTakeFirstOrThrow();
    expect((await server.request("POST", "/sign-in/email", { body: { email: own.email, password: "correct horse battery" } })).status).toBe(200);
    await server.app.context.audit.flush();
    await listening(server);
    const before = fastAnswers(server);
    const still = await server.request("GET", "/get-session", { token: cached.token });
    expect(still.text).toBe(cached.text);
    if (server.dialect === "sqlite") expect(fastAnswers(server)).toBe(before + 1); // PostgreSQL waits for its own writes' notices
    // An update of the user's row by any path of this process (here a query no route makes).
    await server.database.db.updateTable("user").set({ name: "Renamed Straight" }).where("id", "=", cached.userId).execute();
    expect((await server.request("GET", "/get-session", { token: cached.token })).body.user.name).toBe("Renamed Straight");
    // SQLite: a write by another connection to the file (the offline CLI) names no user: everything goes.
    if (server.dialect === "sqlite") {
      const other = await primed();
      const file = (server.database as { sqlite?: { name: string } }).sqlite?.name as string;
      const cli = new SQLite(file);
      try {
        cli.prepare(`update "user" set "name" = ? where "id" = ?`).run("Renamed Offline", other.userId);
      } finally {
        cli.close();
      }
      const answeredBefore = fastAnswers(server);
      expect((await server.request("GET", "/get-session", { token: other.token })).body.user.name).toBe("Renamed Offline");
      expect(fastAnswers(server)).toBe(answeredBefore);
    }
  });

  it("leaves a request with an Origin or a cookie to the full pipeline (CORS for trusted pages only; a forged cookie names no one)", async () => {
    const { token } = await primed();
    const before = fastAnswers(server);
    const trusted = await server.request("GET", "/get-session", { token, headers: { origin: server.url } });
    expect(trusted.headers.get("access-control-allow-origin")).toBe(server.url);
    expect(trusted.body.session.token).toBe(token);
    const stranger = await server.request("GET", "/get-session", { token, headers: { origin: "https://evil.example" } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const forged = await server.request("GET", "/get-session", { cookie: `latchkey.session_token=${token}.forged` });
    expect(forged.body).toBeNull();
    expect(fastAnswers(server)).toBe(before);
  });

  it("never answers an API key from a session's cached answer", async () => {
    const { token } = await primed();
    const before = fastAnswers(server);
    const refused = await server.request("GET", "/get-session", { token, headers: { "x-api-key": "not-a-key" } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "INVALID_API_KEY" });
    expect(fastAnswers(server)).toBe(before);
  });

  it("answers requests pipelined on one connection each with its own answer and length", async () => {
    const ann = await primed();
    const bob = await primed();
    const ask = (token: string) => `GET /api/auth/get-session HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    // PostgreSQL: the notice for Bob's sign-up may still be on its way, and until it comes the
    // route answers (the same bytes); ask again until memory answered all three (bounded).
    for (let attempt = 0; ; attempt++) {
      await listening(server);
      const before = fastAnswers(server);
      const answers = await pipelined(server.url, ask(ann.token) + ask(bob.token) + ask(ann.token), 3);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.body)).toEqual([ann.text, bob.text, ann.text]);
      expect(answers.map((answer) => answer.contentLength)).toEqual([ann.text, bob.text, ann.text].map((text) => Buffer.byteLength(text)));
      if (fastAnswers(server) === before + 3) break;
      if (attempt >= 20) throw new Error("the fast path never answered all three");
    }
  });

  it("leaves a query string to the route's validation", async () => {
    const { token } = await primed();
    const before = fastAnswers(server);
    const bad = await server.request("GET", "/get-session?disableRefresh=maybe", { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(fastAnswers(server)).toBe(before);
  });
});

describe("get-session fast path under the rate limiter (issue 41)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimit: { enabled: true, max: 6, window: 60 } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts the checks it answers: the one over the general limit is refused with 429 and Retry-After", async () => {
    const { token } = await server.signUp();
    await listening(server);
    await server.app.context.audit.flush();
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await server.request("GET", "/get-session", { token })).status);
    // Six allowed in the window (sign-up is counted under the strict rule, apart).
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Most of the six came from memory (a background write may have sent one to the database).
    expect(fastAnswers(server)).toBeGreaterThanOrEqual(3);
    const refused = await server.request("GET", "/get-session", { token });
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("get-session fast path when draining or saturated (issue 41)", () => {
  let server: TestServer;
  let front: Server;
  let draining = false;
  let busy = false;
  beforeAll(async () => {
    server = await startTestServer();
    // The same fast path in front of a stand-in for Fastify that says who answered.
    front = createServer((_request, response) => response.writeHead(503, { "content-type": "text/plain" }).end("pipeline"));
    installSessionFastPath(front, server.app.context, { url: "/api/auth/get-session", credential: [] }, { draining: () => draining, busy: () => busy, needsProxyAddress: false });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => front.close(resolve));
    await server.close();
  });

  it("leaves the request to the pipeline's 503 while draining or at maxInFlight", async () => {
    const { token } = await server.signUp();
    await listening(server);
    await server.request("GET", "/get-session", { token }); // remembered by the real route
    const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/api/auth/get-session`;
    const ask = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, text: await response.text() };
    };
    // PostgreSQL: a notice for the sign-up's own writes (or a late heartbeat) may empty the cache
    // after the answer was kept; let the real route remember it again until memory answers (bounded).
    const answeredFromMemory = async () => {
      for (let attempt = 0; (await ask()).status !== 200; attempt++) {
        if (attempt >= 20) throw new Error("the fast path never answered");
        await listening(server);
        await server.request("GET", "/get-session", { token });
      }
    };
    await answeredFromMemory();
    draining = true;
    expect(await ask()).toEqual({ status: 503, text: "pipeline" });
    draining = false;
    busy = true;
    expect(await ask()).toEqual({ status: 503, text: "pipeline" });
    busy = false;
    await answeredFromMemory();
  });
});
