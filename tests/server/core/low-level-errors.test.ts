/**
 * Issue 12 (item 3): answers that never reach a route handler — Node's HTTP parser, Fastify's
 * router, body reading, unknown paths and wrong methods — are `{ code, message }` from the one
 * catalogue, and prototype keys in input never reach an object lookup.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors.js";
import { authorize, authorizeOrganization, checkAdminPermission } from "../../../shared/permissions.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ config: { bodyLimitBytes: 4096 } });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
});

/** Writes raw bytes on a fresh connection and reads until the server closes it. */
function rawExchange(text: string, options: { endAfterWrite?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(text);
      if (options.endAfterWrite) socket.end();
    });
    let out = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (out += chunk));
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`no answer; got ${JSON.stringify(out)}`));
    });
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: { code: string; message: string } } {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

function expectCatalogue(body: { code: string; message: string }, code: keyof typeof ERRORS) {
  expect(body).toEqual({ code, message: ERRORS[code].message });
}

describe("answers from below the routes are typed", () => {
  it("answers an oversized URL with 431 REQUEST_HEADERS_TOO_LARGE, not Fastify's body", async () => {
    const response = await fetch(`${server.api}/ok?pad=${"a".repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toContain("application/json");
    expectCatalogue(await response.json(), "REQUEST_HEADERS_TOO_LARGE");
  });

  it("answers an oversized header with 431 REQUEST_HEADERS_TOO_LARGE", async () => {
    const response = await fetch(`${server.api}/get-session`, { headers: { cookie: `x=${"b".repeat(20_000)}` } });
    expect(response.status).toBe(431);
    expectCatalogue(await response.json(), "REQUEST_HEADERS_TOO_LARGE");
  });

  it("answers a request Node's parser refuses with 400 BAD_REQUEST and closes", async () => {
    const answer = parseRaw(await rawExchange("GET /api/auth/ok HTTP/1.1\r\nHost: x\r\nthis is not a header\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain("connection: close");
    expectCatalogue(answer.body, "BAD_REQUEST");
    const garbage = parseRaw(await rawExchange("HELLO\r\n\r\n"));
    expectCatalogue(garbage.body, "BAD_REQUEST");
  });

  it("answers a badly encoded path with 400 INVALID_URL", async () => {
    const response = await fetch(`${server.url}/api/auth/%E0%A4%A`);
    expect(response.status).toBe(400);
    expectCatalogue(await response.json(), "INVALID_URL");
  });

  it("answers an overlong path parameter with 414 URI_TOO_LONG", async () => {
    const response = await fetch(`${server.api}/reset-password/${"t".repeat(500)}`);
    expect(response.status).toBe(414);
    expectCatalogue(await response.json(), "URI_TOO_LONG");
  });

  it("answers an unknown path with 404 NOT_FOUND", async () => {
    const response = await server.request("GET", "/no-such-route");
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("NOT_FOUND");
    expect(typeof response.body.message).toBe("string");
  });

  it("answers a known path called with the wrong method with 405 and Allow", async () => {
    const put = await fetch(`${server.api}/sign-in/email`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("OPTIONS, POST");
    expect((await put.json()).code).toBe("METHOD_NOT_ALLOWED");
    const post = await fetch(`${server.api}/ok`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const deleted = await fetch(`${server.api}/reset-password/some-token`, { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    // Routes outside the contract count too (the OpenAPI document, the console).
    const openapi = await fetch(`${server.api}/openapi.json`, { method: "POST" });
    expect(openapi.status).toBe(405);
    expect(openapi.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const unknown = await fetch(`${server.api}/no-such-route`, { method: "DELETE" });
    expect(unknown.status).toBe(404);
  });

  it("answers a body cut off before its Content-Length with 400 REQUEST_ABORTED, and keeps serving", async () => {
    // Half a body, then the client stops sending (half-close): the body can never be complete.
    const answer = await rawExchange(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"email":',
      { endAfterWrite: true },
    );
    const parsed = parseRaw(answer);
    expect(parsed.status).toBe(400);
    expectCatalogue(parsed.body, "REQUEST_ABORTED");
    expect((await server.request("GET", "/ok")).status).toBe(200);
  });

  it("answers a body that is not JSON with 415, broken JSON with 400 INVALID_JSON and a large body with 413", async () => {
    const form = await server.request("POST", "/sign-in/email", { rawBody: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expectCatalogue(form.body, "UNSUPPORTED_MEDIA_TYPE");
    const broken = await server.request("POST", "/sign-in/email", { rawBody: "{", headers: { "content-type": "application/json" } });
    expectCatalogue(broken.body, "INVALID_JSON");
    const large = await server.request("POST", "/sign-in/email", { body: { email: "a@b.c", password: "x".repeat(5000) } });
    expect(large.status).toBe(413);
    expectCatalogue(large.body, "PAYLOAD_TOO_LARGE");
  });

  it("keeps serving after every one of these", async () => {
    expect((await server.request("GET", "/ok")).body).toEqual({ ok: true });
  });
});

describe("prototype keys never reach an object lookup", () => {
  for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"]) {
    it(`shows the error page for error=${key} as an unknown code (200, escaped, generic text)`, async () => {
      const response = await server.request("GET", `/error?error=${key}`);
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<code id="error-code">${key}</code>`);
      expect(response.text).toContain("Something went wrong while signing you in.");
    });
  }

  it("has-permission with a prototype key as resource answers false, not 500", async () => {
    const { token } = await server.signUp();
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const response = await server.request("POST", "/admin/has-permission", { token, rawBody: `{"permissions":{"${key}":["list"]}}`, headers: { "content-type": "application/json" } });
      expect(response.status).toBeLessThan(500);
      if (response.status === 200) expect(response.body.success).toBe(false);
    }
  });

  it("prototype keys as cookie names and Accept-Language ranges are just unknown names", async () => {
    const cookie = "__proto__=x; constructor=y; toString=z; latchkey.session_token=__proto__";
    expect((await server.request("GET", "/get-session", { headers: { cookie } })).status).toBe(200);
    const signUp = await server.request("POST", "/sign-up/email", {
      headers: { "accept-language": "__proto__, constructor;q=0.9, toString;q=0.8" },
      body: { email: "proto-lang@example.com", password: "password123", name: "P" },
    });
    expect(signUp.status).toBe(200);
    const forgot = await server.request("POST", "/request-password-reset", { headers: { "accept-language": "__proto__" }, body: { email: "proto-lang@example.com" } });
    expect(forgot.status).toBe(200);
  });

  it("the pure checker grants nothing for prototype resources or role names", () => {
    const roles = [{ user: ["list"] }];
    for (const key of ["__proto__", "constructor", "toString", "valueOf"]) {
      expect(authorize(roles, { [key]: ["list"] } as never).success).toBe(false);
      expect(authorizeOrganization(key, { member: ["create"] }).success).toBe(false);
      expect(checkAdminPermission({}, { id: "u", role: key }, { user: ["list"] }).success).toBe(false);
    }
    expect(authorize(roles, JSON.parse('{"__proto__":["list"]}')).success).toBe(false);
  });
});
