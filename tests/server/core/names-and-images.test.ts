/**
 * Names people choose are one line of visible, valid text of bounded length, and avatars and logos
 * are images (issue 27 item 3, issue 19 item 10), on every endpoint that sets them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string };
let owner: { token: string; userId: string };
let organizationId: string;
let teamId: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
  owner = await server.signUp();
  const org = await server.request("POST", "/organization/create", { token: owner.token, body: { name: "Names Inc", slug: "names-inc" } });
  organizationId = org.body.id;
  const team = await server.request("POST", "/organization/create-team", { token: owner.token, body: { name: "Crew", organizationId } });
  teamId = team.body.id;
});
afterAll(async () => {
  await server.close();
});

const BAD_NAMES: Array<[string, string]> = [
  ["a line feed", "Mallory\nReset password: https://evil.test/r"],
  ["a carriage return", "Mallory\rX"],
  ["a tab", "Mal\tlory"],
  ["a C1 control (NEL)", "Mal\u0085lory"],
  ["DEL", "Mal\u007Flory"],
  ["a right-to-left override", "Mal\u202Elory"],
  ["a left-to-right embedding", "\u202AMallory"],
  ["a first-strong isolate", "Mal\u2068lory"],
  ["a lone high surrogate", "Mal\uD800lory"],
  ["a lone low surrogate", "\uDC00Mallory"],
  ["101 characters", "x".repeat(101)],
];
const GOOD_NAMES = ["Ada Lovelace", "Zoë Ñúñez-Łukasik", "Ольга 🙂 O'Neil", "x".repeat(100)];

/** Every endpoint that takes a user, organization or team name: the request for one name. */
const NAME_SETTERS: Array<[string, (name: string) => Promise<{ status: number; body: any }>]> = [
  ["sign-up", (name) => server.request("POST", "/sign-up/email", { body: { email: `names-${n++}@example.com`, password: "password123", name } })],
  ["update-user", (name) => server.request("POST", "/update-user", { token: owner.token, body: { name } })],
  ["admin create-user", (name) => server.request("POST", "/admin/create-user", { token: admin.token, body: { email: `admin-made-${n++}@example.com`, password: "password123", name } })],
  ["admin create-user data", (name) => server.request("POST", "/admin/create-user", { token: admin.token, body: { email: `admin-data-${n++}@example.com`, password: "password123", name: "Plain", data: { name } } })],
  ["admin update-user", (name) => server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: owner.userId, data: { name } } })],
  ["admin import-users", (name) => server.request("POST", "/admin/import-users", { token: admin.token, body: { users: [{ email: `imported-${n++}@example.com`, name }], dryRun: true } })],
  ["organization create", (name) => server.request("POST", "/organization/create", { token: owner.token, body: { name, slug: `names-${n++}`, keepCurrentActiveOrganization: true } })],
  ["organization update", (name) => server.request("POST", "/organization/update", { token: owner.token, body: { organizationId, data: { name } } })],
  ["team create", (name) => server.request("POST", "/organization/create-team", { token: owner.token, body: { name, organizationId } })],
  ["team update", (name) => server.request("POST", "/organization/update-team", { token: owner.token, body: { teamId, data: { name } } })],
];

describe("names (#27, #19)", () => {
  for (const [endpoint, send] of NAME_SETTERS) {
    it(`${endpoint} refuses control characters, bidi overrides, lone surrogates and names over 100 characters (#27)`, async () => {
      for (const [what, name] of BAD_NAMES) {
        const response = await send(name);
        expect(response.status, `${endpoint}: ${what}`).toBe(400);
        expect(response.body.code, `${endpoint}: ${what}`).toBe("VALIDATION_ERROR");
        const messages = (response.body.issues as Array<{ message: string }>).map((issue) => issue.message).join(" | ");
        expect(messages, `${endpoint}: ${what}`).toMatch(/control characters|valid Unicode|at most 100 characters/);
      }
    });

    it(`${endpoint} accepts ordinary names up to 100 characters, accents and emoji included (#27)`, async () => {
      for (const name of GOOD_NAMES) {
        const response = await send(name);
        expect(response.status, `${endpoint}: ${name.slice(0, 20)} → ${JSON.stringify(response.body).slice(0, 200)}`).toBe(200);
      }
    });
  }
});

const BAD_IMAGES = ["javascript:alert(document.cookie)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd", "//evil.test/x.png", "ftp://example.com/a.png"];
const GOOD_IMAGES = ["https://example.com/a.png", "http://127.0.0.1/avatar", "data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml,%3Csvg%3E%3C/svg%3E", ""];

const IMAGE_SETTERS: Array<[string, (image: string) => Promise<{ status: number; body: any }>]> = [
  ["sign-up image", (image) => server.request("POST", "/sign-up/email", { body: { email: `images-${n++}@example.com`, password: "password123", name: "Pic", image } })],
  ["update-user image", (image) => server.request("POST", "/update-user", { token: owner.token, body: { image } })],
  ["admin create-user image", (image) => server.request("POST", "/admin/create-user", { token: admin.token, body: { email: `admin-pic-${n++}@example.com`, password: "password123", name: "Pic", data: { image } } })],
  ["admin update-user image", (image) => server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: owner.userId, data: { image } } })],
  ["organization create logo", (logo) => server.request("POST", "/organization/create", { token: owner.token, body: { name: "Logo", slug: `logo-${n++}`, logo, keepCurrentActiveOrganization: true } })],
  ["organization update logo", (logo) => server.request("POST", "/organization/update", { token: owner.token, body: { organizationId, data: { logo } } })],
];

describe("avatars and logos (#19)", () => {
  for (const [endpoint, send] of IMAGE_SETTERS) {
    it(`${endpoint}: refuses javascript:, data:text/html and other non-image schemes; takes http, https and data:image (#19)`, async () => {
      for (const image of BAD_IMAGES) {
        const response = await send(image);
        expect(response.status, `${endpoint}: ${image}`).toBe(400);
        expect(response.body.code).toBe("VALIDATION_ERROR");
        expect(JSON.stringify(response.body)).toContain("must be an http or https URL, or a data:image");
      }
      for (const image of GOOD_IMAGES) expect((await send(image)).status, `${endpoint}: ${image}`).toBe(200);
    });
  }
});
