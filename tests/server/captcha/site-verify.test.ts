/**
 * Captcha services (issue 40, item 2): with `provider: "turnstile" | "hcaptcha" | "recaptcha"` the
 * token in `x-captcha-response` is checked at the service's siteverify URL. A local stand-in (node:http
 * on loopback, `siteVerifyUrl`) implements the services' shared contract — a form POST of secret,
 * response and remoteip answered by `{success, score?, "error-codes"}`, each token good once — so
 * the test checks what Latchkey sends and how it reads every answer: success, refusal, a reused
 * token, a low reCAPTCHA v3 score, a service that errs or never answers (503 CAPTCHA_UNAVAILABLE).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../server/config.js";
import { logSink } from "../../helpers/log-sink.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const SECRET_KEY = "stand-in-secret-key";
const PASSWORD = "a long enough passphrase 8";

/** The stand-in: tokens `good-*` pass once, `score-<n>` pass with that score, `error` answers 500, `hang` never answers; anything else fails. */
async function siteVerifyStandIn(): Promise<{ server: Server; url: string; forms: URLSearchParams[] }> {
  const forms: URLSearchParams[] = [];
  const spent = new Set<string>();
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(text);
      forms.push(form);
      const token = form.get("response") ?? "";
      if (token === "hang") return;
      if (token === "error") return void response.writeHead(500).end("upstream trouble");
      const json = (body: object) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (request.headers["content-type"] !== "application/x-www-form-urlencoded" || form.get("secret") !== SECRET_KEY) return json({ success: false, "error-codes": ["invalid-input-secret"] });
      if (spent.has(token)) return json({ success: false, "error-codes": ["timeout-or-duplicate"] });
      spent.add(token);
      if (token.startsWith("good-")) return json({ success: true, hostname: "localhost" });
      if (token.startsWith("score-")) return json({ success: true, score: Number(token.slice(6)), action: "login" });
      json({ success: false, "error-codes": ["invalid-input-response"] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`, forms };
}

let standIn: Awaited<ReturnType<typeof siteVerifyStandIn>>;
beforeAll(async () => {
  standIn = await siteVerifyStandIn();
});
afterAll(async () => {
  standIn.server.closeAllConnections();
  await new Promise((resolve) => standIn.server.close(resolve));
});

for (const provider of ["turnstile", "hcaptcha", "recaptcha"] as const) {
  describe(`captcha provider ${provider}`, () => {
    let server: TestServer;
    const log = logSink();
    const email = `${provider}-person@example.com`;
    const signIn = (token?: string) => server.request("POST", "/sign-in/email", { body: { email, password: PASSWORD }, ...(token === undefined ? {} : { headers: { "x-captcha-response": token } }) });

    beforeAll(async () => {
      server = await startTestServer({
        config: { captcha: { provider, secretKey: SECRET_KEY, siteKey: `${provider}-site-key`, siteVerifyUrl: standIn.url, timeoutMs: 400 } },
        logger: { level: "warn", stream: log.stream },
      });
      const signUp = await server.request("POST", "/sign-up/email", { body: { email, password: PASSWORD, name: "Service Person" }, headers: { "x-captcha-response": `good-${provider}-sign-up` } });
      expect(signUp.status).toBe(200);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("sends the secret, the token and the caller's address; a good token passes once", async () => {
      const passed = await signIn(`good-${provider}-1`);
      expect(passed.status).toBe(200);
      const form = standIn.forms.findLast((each) => each.get("response") === `good-${provider}-1`)!;
      expect(form.get("secret")).toBe(SECRET_KEY);
      expect(form.get("remoteip")).toBe("127.0.0.1");
      if (provider === "hcaptcha") expect(form.get("sitekey")).toBe("hcaptcha-site-key");
      const reused = await signIn(`good-${provider}-1`);
      expect([reused.status, reused.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
    });

    it("missing → 400 MISSING_RESPONSE without asking the service; refused → 403", async () => {
      const asked = standIn.forms.length;
      const missing = await signIn();
      expect([missing.status, missing.body.code]).toEqual([400, "MISSING_RESPONSE"]);
      expect(standIn.forms.length).toBe(asked);
      const refused = await signIn("made-up-token");
      expect([refused.status, refused.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
    });

    it("a service that errs or never answers: 503 CAPTCHA_UNAVAILABLE and a warning without the secret", async () => {
      const failed = await signIn("error");
      expect([failed.status, failed.body.code]).toEqual([503, "CAPTCHA_UNAVAILABLE"]);
      const started = Date.now();
      const hung = await signIn("hang");
      expect([hung.status, hung.body.code]).toEqual([503, "CAPTCHA_UNAVAILABLE"]);
      expect(Date.now() - started).toBeLessThan(5_000);
      const warnings = log.lines.filter((line) => line.msg === "captcha service unavailable: request refused");
      expect(warnings.map((line) => line.reason)).toEqual(expect.arrayContaining(["siteverify answered 500", "no answer within 400 ms"]));
      expect(JSON.stringify(log.lines)).not.toContain(SECRET_KEY);
    });

    it("/captcha/settings gives the site key, never the secret; /captcha/challenge is ALTCHA's only", async () => {
      const settings = await server.request("GET", "/captcha/settings");
      expect(settings.body).toMatchObject({ provider, siteKey: `${provider}-site-key`, maxNumber: null });
      expect(settings.text).not.toContain(SECRET_KEY);
      const challenge = await server.request("GET", "/captcha/challenge");
      expect([challenge.status, challenge.body.code]).toEqual([404, "CAPTCHA_CHALLENGE_DISABLED"]);
    });

    if (provider === "recaptcha") {
      it("reCAPTCHA v3: a score under minScore (0.5) is refused, one above passes", async () => {
        const low = await signIn("score-0.2");
        expect([low.status, low.body.code]).toEqual([403, "VERIFICATION_FAILED"]);
        const high = await signIn("score-0.9");
        expect(high.status).toBe(200);
      });
    }
  });
}

describe("captcha settings", () => {
  it("a service without a secret key is refused at start; AUTH_CAPTCHA_SECRET_KEY supplies one", async () => {
    expect(() => resolveConfig({ captcha: { provider: "turnstile" } })).toThrow(/captcha\.secretKey/);
    expect(resolveConfig({ captcha: { provider: "altcha" } }).captcha).toMatchObject({ provider: "altcha", maxNumber: 50_000, expiresIn: 300 });
    const { configFromEnv, mergeConfig } = await import("../../../server/config.js");
    const merged = resolveConfig(mergeConfig({ captcha: { provider: "hcaptcha" } }, configFromEnv({ AUTH_CAPTCHA_SECRET_KEY: "from-the-environment" })));
    expect(merged.captcha?.secretKey).toBe("from-the-environment");
  });
});
