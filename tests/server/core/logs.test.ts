/** Logs never carry secrets: not tokens from paths or queries, not passwords, not cookies. */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ logger: { level: "debug", stream } });
});
afterAll(async () => {
  await server.close();
});

describe("logs", () => {
  it("name the route pattern of a failed request, not the token in its path", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password }, headers: { cookie: "latchkey.session_token=COOKIESECRET", origin: server.url } });
    expect(signIn.status).toBe(200);
    // Break the one-time secret table so the reset link fails inside the server (after the
    // sign-in, which records its session's sign-in there too).
    await server.database.db.schema.dropTable("verification").execute();
    const token = "SECRETTOKEN1234567890abc";
    const link = await server.request("GET", `/reset-password/${token}?callbackURL=%2Freset`);
    expect(link.status).toBe(500);
    expect(link.body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });

    const text = lines.join("");
    expect(text).toContain("request failed");
    expect(text).toContain("/api/auth/reset-password/:token");
    for (const secret of [token, password, "COOKIESECRET", signIn.body.token]) expect(text).not.toContain(secret);
  });
});
