import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "../../../server/crypto/password.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

describe("password hasher", () => {
  const hasher = createPasswordHasher({ memoryCost: 19456, timeCost: 2, parallelism: 1 });

  it("hashes with argon2id at the OWASP parameters by default", async () => {
    const hash = await hasher.hash("correct horse battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, "correct horse battery")).toBe(true);
    expect(await hasher.verify(hash, "wrong horse battery")).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it("verifies better-auth's scrypt hashes and marks them for rehashing", async () => {
    const legacy = await betterAuthHash("légacy pässword");
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.verify(legacy, "légacy pässword")).toBe(true);
    expect(await hasher.verify(legacy, "legacy password")).toBe(false);
    expect(hasher.needsRehash(legacy)).toBe(true);
  });

  it("normalises passwords with NFKC, as better-auth does", async () => {
    const composed = "caf\u00e9-password";
    const decomposed = "cafe\u0301-password";
    const hash = await hasher.hash(composed);
    expect(await hasher.verify(hash, decomposed)).toBe(true);
  });

  it("answers false, not an error, for a malformed stored hash", async () => {
    expect(await hasher.verify("not-a-hash", "x")).toBe(false);
    expect(await hasher.verify("$argon2id$v=19$garbage", "x")).toBe(false);
    expect(await hasher.verify("abcd:1234", "x")).toBe(false);
  });
});

describe("sign-in with an imported better-auth hash", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("signs in and upgrades the stored hash to argon2id", async () => {
    const { userId, email } = await server.signUp({ password: "original-password" });
    const legacy = await betterAuthHash("imported-password");
    await server.database.db.updateTable("account").set({ password: legacy }).where("userId", "=", userId).execute();

    const response = await server.request("POST", "/sign-in/email", { body: { email, password: "imported-password" } });
    expect(response.status).toBe(200);
    const account = await server.database.db.selectFrom("account").select("password").where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^\$argon2id\$/);

    const again = await server.request("POST", "/sign-in/email", { body: { email, password: "imported-password" } });
    expect(again.status).toBe(200);
  });
});
