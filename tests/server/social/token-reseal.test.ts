/**
 * Provider tokens sealed with a previous secret (issue 26, rotation): while the old secret is in
 * AUTH_PREVIOUS_SECRETS they still open, and the first use seals them again under the current
 * secret — so a rotation finishes for the accounts in use even before `auth server rotate-secret`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSealed, seal } from "../../../server/crypto/encrypt.js";
import { PURPOSE } from "../../../server/features/social/sealed-tokens.js";
import { TEST_SECRET } from "../../helpers/test-server.js";
import { finish, startSocialWorld, type SocialWorld } from "./setup.js";
import { TestBrowser } from "./support.js";

const OLD = "old-secret-old-secret-old-secret-token-26";

let world: SocialWorld;
let browser: TestBrowser;
let accountId: string;
const plain: Record<"accessToken" | "refreshToken" | "idToken", string> = { accessToken: "", refreshToken: "", idToken: "" };

beforeAll(async () => {
  world = await startSocialWorld(() => ({ previousSecrets: [OLD] }));
  world.idp.users.set("reseal", { sub: "reseal", email: "reseal@example.com", email_verified: true, name: "Re Seal" });
  browser = new TestBrowser();
  const started = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: { provider: "google", callbackURL: "/console/" } });
  browser.login = "reseal";
  await finish(world, browser, ((await started.json()) as { url: string }).url);
  const row = await world.server.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").where("accountId", "=", "reseal").executeTakeFirstOrThrow();
  accountId = row.id;
  // As a server on the old secret stored them.
  const old: Record<string, string> = {};
  for (const column of ["accessToken", "refreshToken", "idToken"] as const) {
    plain[column] = openSealed(row[column]!, TEST_SECRET, PURPOSE)!.plain;
    old[column] = seal(plain[column], OLD, PURPOSE);
  }
  await world.server.database.db.updateTable("account").set(old).where("id", "=", accountId).execute();
}, 60_000);
afterAll(async () => world?.close());

const stored = () => world.server.database.db.selectFrom("account").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();

describe("provider tokens sealed with a previous secret (#26)", () => {
  it("open under the old secret before any use (the starting point of this test)", async () => {
    const row = await stored();
    for (const column of ["accessToken", "refreshToken", "idToken"] as const) expect(openSealed(row[column]!, TEST_SECRET, PURPOSE), column).toEqual({ plain: plain[column], stale: true });
  });

  it("get-access-token answers the token and seals the access and ID tokens again under the current secret", async () => {
    const before = await stored();
    const response = await browser.request(`${world.server.api}/get-access-token`, { method: "POST", json: { accountId } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { accessToken: string }).accessToken).toBe(plain.accessToken);
    const after = await stored();
    for (const column of ["accessToken", "idToken"] as const) {
      expect(after[column], column).not.toBe(before[column]);
      expect(openSealed(after[column]!, TEST_SECRET, PURPOSE), column).toEqual({ plain: plain[column], stale: false });
    }
    // Not used yet: left as it was.
    expect(after.refreshToken).toBe(before.refreshToken);
  });

  it("refresh-token uses the old refresh token, and what it stores is sealed under the current secret", async () => {
    const response = await browser.request(`${world.server.api}/refresh-token`, { method: "POST", json: { accountId } });
    expect(response.status).toBe(200);
    const after = await stored();
    for (const column of ["accessToken", "refreshToken"] as const) expect(openSealed(after[column]!, TEST_SECRET, PURPOSE)?.stale, column).toBe(false);
  });
});
