/**
 * Issue 26: a sealed value that opens under no configured secret is the operator's problem and
 * says so — SECRET_MISMATCH and an error log line — never a misleading TOTP_NOT_ENABLED.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "../../../server/crypto/encrypt.js";
import { SEAL_PURPOSE } from "../../../server/features/two-factor/totp.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { browserTab, totpAt, userWithTotp } from "../two-factor/support.js";

const OTHER = "a-secret-this-server-never-had-0026";
const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  server = await startTestServer({ logger: { level: "error", stream } });
});
afterAll(async () => {
  await server.close();
});

describe("a TOTP seed sealed with another secret (#26)", () => {
  it("answers SECRET_MISMATCH on verify-totp and get-totp-uri, and logs an error, instead of TOTP_NOT_ENABLED (#26)", async () => {
    const user = await userWithTotp(server);
    await server.database.db.updateTable("twoFactor").set({ secret: seal(user.secret, OTHER, SEAL_PURPOSE) }).where("userId", "=", user.userId).execute();

    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    const verify = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(verify.error?.status).toBe(500);
    expect(verify.error?.code).toBe("SECRET_MISMATCH");
    expect(lines.some((line) => line.includes('"level":50') && line.includes("a TOTP seed does not open") && line.includes(user.userId))).toBe(true);

    const signUp = await server.request("POST", "/sign-up/email", { body: { email: "seed-owner@example.com", password: "password123", name: "Seed" } });
    const token = signUp.body.token as string;
    const enabled = await server.request("POST", "/two-factor/enable", { token, body: { password: "password123" } });
    const seed = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    await server.database.db.updateTable("twoFactor").set({ secret: seal(seed, OTHER, SEAL_PURPOSE) }).where("userId", "=", signUp.body.user.id).execute();
    const uri = await server.request("POST", "/two-factor/get-totp-uri", { token, body: { password: "password123" } });
    expect(uri.status).toBe(500);
    expect(uri.body.code).toBe("SECRET_MISMATCH");
  });
});

describe("values made under a previous secret (#26)", () => {
  const previous = "previous-secret-previous-secret-0026";
  const current = "current-secret-current-secret-00026";

  it("a provider token and a backup code from the previous secret open only while it is listed in AUTH_PREVIOUS_SECRETS (#26)", async () => {
    const { keyedHash, openSealed, rememberPreviousSecrets } = await import("../../../server/crypto/encrypt.js");
    const { openToken, sealToken } = await import("../../../server/features/social/sealed-tokens.js");
    const { BACKUP_CODES_PURPOSE, BackupCodesUnreadable, sealBackupCodes, useBackupCode } = await import("../../../server/features/two-factor/backup-codes.js");
    const token = sealToken(previous, "provider-access-token")!;
    const codes = sealBackupCodes(["AAAAA-BBBBB", "CCCCC-DDDDD"], previous);
    // The format before codes were sealed: keyed hashes of the codes without their dash.
    const hashed = JSON.stringify(["AAAAABBBBB", "CCCCCDDDDD"].map((code) => keyedHash(code, previous, "two-factor-backup-code")));
    try {
      rememberPreviousSecrets(current, [previous]);
      expect(openToken(current, token)).toBe("provider-access-token");
      // Used under the current secret, the rest is sealed again under it.
      const rest = useBackupCode(codes, "CCCCC-DDDDD", current)!;
      expect(openSealed(rest, current, BACKUP_CODES_PURPOSE)).toEqual({ plain: JSON.stringify(["AAAAABBBBB"]), stale: false });
      expect(useBackupCode(codes, "EEEEE-FFFFF", current)).toBeNull();
      expect(JSON.parse(useBackupCode(hashed, "CCCCC-DDDDD", current)!)).toHaveLength(1);
      rememberPreviousSecrets(current, []);
      expect(() => openToken(current, token)).toThrow(expect.objectContaining({ code: "SECRET_MISMATCH" }));
      expect(() => useBackupCode(codes, "CCCCC-DDDDD", current)).toThrow(BackupCodesUnreadable);
      expect(useBackupCode(hashed, "CCCCC-DDDDD", current)).toBeNull();
    } finally {
      rememberPreviousSecrets(current, []);
    }
  });
});
