/**
 * No client mistake may produce a 500. Every contract endpoint is called with malformed input
 * (missing fields, wrong types, oversized and hostile strings, unknown ids) as an anonymous
 * caller, a plain user and an administrator; every answer must be a typed 4xx (or a success).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract, type EndpointSpec } from "../../../shared/contract/index.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  userToken = (await server.signUp()).token;
  const admin = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
});
afterAll(async () => {
  await server.close();
});

/** Prototype keys (issue 12): as values they must never reach an object lookup. */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "prototype", "hasOwnProperty", "valueOf"];
const HOSTILE = ["", " ", "a".repeat(5000), "../../etc/passwd", "<script>alert(1)</script>", "' OR 1=1 --", "%00", "😀".repeat(50), "null", ...PROTOTYPE_KEYS];

/** Bodies that break each declared field in turn, plus a few whole-body shapes. */
function badBodies(spec: EndpointSpec): unknown[] {
  const fields = Object.keys(spec.body?.shape ?? {});
  const bodies: unknown[] = [{}, { unknownField: 1 }];
  // Prototype keys as body keys: at the top, and inside every field (where a field is a map,
  // such as a permission request or metadata, the key reaches a lookup).
  for (const key of PROTOTYPE_KEYS) bodies.push({ [key]: { polluted: true } }, { [key]: "x" });
  for (const key of ["__proto__", "constructor"]) for (const field of fields) bodies.push({ [field]: { [key]: ["x"] } });
  for (const field of fields) {
    for (const value of [null, 42, true, [], {}, ...HOSTILE]) bodies.push({ [field]: value });
  }
  // All fields at once with plausible-looking but wrong values.
  bodies.push(Object.fromEntries(fields.map((f) => [f, "x"])));
  bodies.push(Object.fromEntries(fields.map((f) => [f, 0])));
  return bodies;
}

function badQueries(spec: EndpointSpec): string[] {
  const fields = Object.keys(spec.query?.shape ?? {});
  const queries = ["", "?unknown=1"];
  for (const field of fields) for (const value of ["", "-1", "abc", "1e309", "a".repeat(3000), "[object Object]", ...PROTOTYPE_KEYS]) queries.push(`?${field}=${encodeURIComponent(value)}`);
  for (const key of PROTOTYPE_KEYS) queries.push(`?${key}=1`);
  return queries;
}

function pathOf(spec: EndpointSpec, value: string): string {
  return spec.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(value));
}

// Each route's walk makes dozens of calls; a few (creating or registering an OAuth client, which
// hashes its secret per accepted body) took 8–11 s alone and passed 30 s on CI's two loaded
// cores. Speed is bench/'s business; the bound here only catches a hang.
describe("no client mistake yields a server error", { timeout: 120_000 }, () => {
  for (const [name, spec] of Object.entries(contract) as Array<[string, EndpointSpec]>) {
    it(`${spec.method} ${spec.path} (${name}) answers every malformed call with a typed error`, async () => {
      const failures: string[] = [];
      for (const token of [undefined, userToken, adminToken]) {
        const calls: Array<{ path: string; body?: unknown }> = [];
        if (spec.method === "GET") for (const q of badQueries(spec)) calls.push({ path: pathOf(spec, "nope") + q });
        else for (const body of badBodies(spec)) calls.push({ path: pathOf(spec, "nope"), body });
        if (spec.path.includes("{")) calls.push({ path: pathOf(spec, "a".repeat(3000)) });
        if (spec.path.includes("{")) for (const key of PROTOTYPE_KEYS) calls.push({ path: pathOf(spec, key) });
        for (const call of calls) {
          const response = await server.request(spec.method, call.path, { token, body: call.body });
          if (response.status >= 500) failures.push(`${response.status} ${call.path} ${JSON.stringify(call.body)?.slice(0, 120)} → ${response.text.slice(0, 200)}`);
          else if (response.status >= 400 && response.headers.get("content-type")?.includes("json")) {
            if (typeof response.body?.code !== "string" || typeof response.body?.message !== "string") failures.push(`untyped error ${response.status} ${call.path}: ${response.text.slice(0, 200)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("leaves Object.prototype untouched after every prototype-keyed body (issue 12)", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call({})).toBe("[object Object]");
  });
});
