/**
 * Issue 36: a directory's "active: false" sent to server A ends the person's access on server B at
 * once — B's session check answered from memory stops within moments (the change notices, not the
 * session's expiry), and B refuses their sign-in; "active: true" on A lets them sign in on B again.
 * PostgreSQL pass only (two stateless servers on one database).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "../server/organization/support.js";

const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(5);
  }
}

describe("SCIM deactivation on two servers over one PostgreSQL", () => {
  let a: TestServer;
  let b: SecondServer;
  let token: string;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    a = await startTestServer({ config: { scim: { enabled: true } } });
    b = await startSecondServer(a.dbFile, { scim: { enabled: true } });
    await until(() => b.app.changeListener?.state() === "listening", "B listening");
    const [owner] = (await users(a, 1)) as [SignedUp];
    const org = await createOrganization(a, owner);
    token = (await a.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "entra" } })).body.token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const patchActive = (id: string, value: string) =>
    a.request("PATCH", `/scim/v2/Users/${id}`, {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      rawBody: JSON.stringify({ schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value }] }),
    });
  const signInOnB = (email: string, password: string) =>
    fetch(`${b.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const sessionOnB = async (sessionToken: string) => (await fetch(`${b.api}/get-session`, { headers: { authorization: `Bearer ${sessionToken}` } })).json();
  const hits = async () => (await b.app.context.metrics.sessionCacheLookups.get()).values.find((v) => v.labels.result === "hit")?.value ?? 0;

  it("ends B's cached session and refuses sign-in on B; reactivation lets them back", async () => {
    const created = await a.request("POST", "/scim/v2/Users", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      rawBody: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "two.servers@acme.example", active: true }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const password = "correct horse battery";
    const now = a.clock.now();
    await a.database.db.insertInto("account").values({ id: `acc-${id}`, userId: id, accountId: id, providerId: "credential", password: await a.app.context.passwords.hash(password), createdAt: now, updatedAt: now } as never).execute();
    await a.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", id).execute();

    const signedIn = await signInOnB("two.servers@acme.example", password);
    expect(signedIn.status).toBe(200);
    const sessionToken = ((await signedIn.json()) as { token: string }).token;
    // B answers the session from memory: a hit means only a notice can make it stop.
    await until(async () => {
      const before = await hits();
      expect((await sessionOnB(sessionToken))?.user?.id).toBe(id);
      return (await hits()) > before;
    }, "B caching the session");

    const off = await patchActive(id, "False");
    expect(off.status).toBe(200);
    const answered = performance.now();
    await until(async () => (await sessionOnB(sessionToken)) === null, "B dropping the session", 2_000);
    console.log(`SCIM deactivation seen by server B ${(performance.now() - answered).toFixed(1)} ms after A's answer`);
    const refused = await signInOnB("two.servers@acme.example", password);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("USER_DEACTIVATED");

    expect((await patchActive(id, "True")).status).toBe(200);
    expect((await signInOnB("two.servers@acme.example", password)).status).toBe(200);
  });
});
