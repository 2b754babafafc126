/**
 * Issue 43, item 3: one refresh token presented many times at once. Exactly one exchange may win
 * the rotation and every other is reuse (RFC 9700 §4.14.2), which revokes the whole family — the
 * winner's new pair included, even when the winner stores that pair after the revocation ran.
 * After every burst settles, no token of the family works. Runs on SQLite and, in the PostgreSQL
 * pass, with the exchanges spread over two servers on one database.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../../server/crypto/tokens.js";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startSecondServer, type SecondServer } from "../../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let second: SecondServer | undefined;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  const config = { oauthProvider: { enabled: true }, rateLimit: { enabled: false } };
  server = await startTestServer({ config });
  if (testDialect === "postgres") second = await startSecondServer(server.dbFile, config);
  const admin = await server.signUp({ email: "refresh-race-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await second?.close();
  await server.close();
});

const BURST = 20;
const ROUNDS = 5;

interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; error?: string };
}

/** The token endpoint as an app calls it (form body, client_secret_basic), on server `api`. */
async function exchange(api: string, app: AppCredentials, refreshToken: string): Promise<TokenAnswer> {
  const response = await fetch(`${api}/oauth2/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer["body"] };
}

describe("concurrent reuse of one refresh token (#43)", () => {
  it(`of ${BURST} exchanges at once, at most one wins, the rest are invalid_grant, and afterwards no token of the family works`, async () => {
    const person = await server.signUp({ email: "refresh-race@example.com" });
    const app = await rp.createApp({ client_name: "Racer", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email, person.password);
    const apis = [server.api, second?.api ?? server.api];

    for (let round = 0; round < ROUNDS; round++) {
      const { tokens } = await rp.signInToApp(config, jar);
      const presented = tokens.refresh_token!;
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => exchange(apis[i % 2]!, app, presented)));
      const won = answers.filter((a) => a.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const lost of answers.filter((a) => a.status !== 200)) expect(lost).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

      // Every row of the family is revoked: the presented pair, and whatever the winner stored.
      const family = await server.database.db.selectFrom("oauthToken").select("familyId").where("tokenHash", "=", hashSecret(presented)).executeTakeFirstOrThrow();
      const rows = await server.database.db.selectFrom("oauthToken").select(["kind", "revokedAt"]).where("familyId", "=", family.familyId).execute();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.filter((r) => r.revokedAt === null)).toEqual([]);
      // And as the app sees it.
      for (const answer of won) {
        expect((await oidc.tokenIntrospection(config, answer.body.access_token!)).active).toBe(false);
        expect(await exchange(server.api, app, answer.body.refresh_token!)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      }
      expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    }
  });
});
