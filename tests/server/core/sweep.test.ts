import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweep } from "../../../server/maintenance/sweep.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { emailVerification: { sendOnSignUp: true } } });
});
afterAll(async () => {
  await server.close();
});

describe("sweep", () => {
  it("deletes expired sessions and tokens and keeps live ones", async () => {
    const old = await server.signUp();
    server.clock.advance(8 * 24 * 3600 * 1000);
    const fresh = await server.signUp();
    const result = await sweep(server.app.context);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.tokens).toBeGreaterThanOrEqual(1);
    const sessions = await server.database.db.selectFrom("session").select("userId").execute();
    expect(sessions.map((s) => s.userId)).toContain(fresh.userId);
    expect(sessions.map((s) => s.userId)).not.toContain(old.userId);
    const tokens = await server.database.db.selectFrom("verification").select("expiresAt").execute();
    expect(tokens.every((t) => Number(t.expiresAt) > server.clock.now())).toBe(true);
    expect(tokens.length).toBeGreaterThanOrEqual(1);
  });
});
