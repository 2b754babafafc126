/**
 * Issue 12 (item 4): better-auth's `user.additionalFields`. An app that declares extra user
 * fields in its better-auth config works against Latchkey unchanged: its client sends them on
 * sign-up and update-user, they are checked by type, stored, and come back as top-level keys.
 */
import { createAuthClient } from "better-auth/client";
import { inferAdditionalFields } from "better-auth/client/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../server/config.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const additionalFields = {
  favoriteColor: { type: "string" },
  plan: { type: "string", input: false, defaultValue: "free" },
  tier: { type: "string", input: false },
  score: { type: "number", defaultValue: 0 },
  tags: { type: "string[]" },
  birthday: { type: "date" },
  newsletter: { type: "boolean", required: false },
  secretNote: { type: "string", returned: false },
} as const;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { user: { additionalFields } } as never });
});
afterAll(async () => {
  await server.close();
});

function betterAuthClient() {
  const jar = createCookieFetch(server.url);
  const client = createAuthClient({
    baseURL: server.url,
    fetchOptions: { customFetchImpl: jar.fetch },
    plugins: [
      inferAdditionalFields({
        user: {
          favoriteColor: { type: "string", required: false },
          plan: { type: "string", input: false },
          score: { type: "number", required: false },
          tags: { type: "string[]", required: false },
          birthday: { type: "date", required: false },
          newsletter: { type: "boolean", required: false },
        },
      }),
    ],
  });
  return { client, jar };
}

async function storedFields(email: string): Promise<Record<string, unknown> | null> {
  const row = await server.database.db.selectFrom("user").select("additionalFields").where("email", "=", email).executeTakeFirstOrThrow();
  return row.additionalFields ? JSON.parse(row.additionalFields) : null;
}

describe("additional user fields through better-auth's client", () => {
  it("signs up with extra fields, gets them back top-level with defaults, and reads them in the session", async () => {
    const { client } = betterAuthClient();
    const signUp = await client.signUp.email({
      email: "fields@example.com",
      password: "password123",
      name: "Fields",
      favoriteColor: "teal",
      tags: ["a", "b"],
      birthday: new Date("1990-05-17T00:00:00.000Z"),
      newsletter: true,
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data?.user).toMatchObject({ favoriteColor: "teal", plan: "free", score: 0, tags: ["a", "b"], newsletter: true });
    // On the wire an ISO string; better-auth's client turns date fields into Date objects.
    expect(signUp.data?.user.birthday).toEqual(new Date("1990-05-17T00:00:00.000Z"));
    expect(signUp.data?.user).not.toHaveProperty("secretNote");

    const session = await client.getSession();
    expect(session.data?.user).toMatchObject({ favoriteColor: "teal", plan: "free", score: 0, newsletter: true });
    expect(await storedFields("fields@example.com")).toEqual({ favoriteColor: "teal", plan: "free", score: 0, tags: ["a", "b"], birthday: "1990-05-17T00:00:00.000Z", newsletter: true });
  });

  it("updates extra fields alone with update-user, keeping the others", async () => {
    const { client } = betterAuthClient();
    await client.signUp.email({ email: "update-fields@example.com", password: "password123", name: "U", favoriteColor: "red" });
    const updated = await client.updateUser({ score: 42, newsletter: false });
    expect(updated.error).toBeNull();
    const session = await client.getSession({ query: { disableCookieCache: true } });
    expect(session.data?.user).toMatchObject({ favoriteColor: "red", score: 42, newsletter: false, plan: "free" });
    const cleared = await client.updateUser({ favoriteColor: null } as never);
    expect(cleared.error).toBeNull();
    expect((await storedFields("update-fields@example.com"))?.favoriteColor).toBeNull();
  });

  it("refuses a field marked input: false from users, on sign-up and on update-user", async () => {
    const signUp = await server.request("POST", "/sign-up/email", { body: { email: "plan@example.com", password: "password123", name: "P", tier: "gold" } });
    expect(signUp.status).toBe(400);
    expect(signUp.body).toEqual({ code: "FIELD_NOT_ALLOWED", message: "tier is not allowed to be set" });
    // better-auth: with a default, a user's value is replaced by the default on create.
    const withDefault = await server.request("POST", "/sign-up/email", { body: { email: "plan@example.com", password: "password123", name: "P", plan: "enterprise" } });
    expect(withDefault.status).toBe(200);
    expect(withDefault.body.user.plan).toBe("free");
    const { token } = await server.signUp({ email: "plan2@example.com" });
    const update = await server.request("POST", "/update-user", { token, body: { plan: "enterprise" } });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe("FIELD_NOT_ALLOWED");
    expect((await storedFields("plan2@example.com"))?.plan).toBe("free");
  });

  it("checks types and names each bad field", async () => {
    const response = await server.request("POST", "/sign-up/email", {
      body: { email: "types@example.com", password: "password123", name: "T", favoriteColor: 7, score: "high", tags: [1], birthday: "not a date", newsletter: "yes" },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["birthday", "favoriteColor", "newsletter", "score", "tags"]);
    const user = await server.database.db.selectFrom("user").select("id").where("email", "=", "types@example.com").executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it("lets administrators set every field, input: false included, on create-user and update-user", async () => {
    const admin = await server.signUp({ email: "fields-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const created = await server.request("POST", "/admin/create-user", {
      token: admin.token,
      body: { email: "made@example.com", password: "password123", name: "Made", data: { plan: "pro", favoriteColor: "blue", secretNote: "vip" } },
    });
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({ plan: "pro", favoriteColor: "blue", score: 0 });
    expect(created.body.user).not.toHaveProperty("secretNote");
    expect(await storedFields("made@example.com")).toMatchObject({ secretNote: "vip" });

    const updated = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: created.body.user.id, data: { plan: "enterprise" } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ plan: "enterprise", favoriteColor: "blue" });
    const listed = await server.request("GET", `/admin/get-user?id=${created.body.user.id}`, { token: admin.token });
    expect(listed.body.plan).toBe("enterprise");
    const wrong = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: created.body.user.id, data: { score: "x" } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0].path).toBe("data.score");
  });
});

describe("required additional fields", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ config: { user: { additionalFields: { company: { type: "string", required: true } } } } as never });
  });
  afterAll(async () => {
    await strict.close();
  });

  it("answers MISSING_FIELD when sign-up leaves a required field out, and accepts it given", async () => {
    const missing = await strict.request("POST", "/sign-up/email", { body: { email: "r@example.com", password: "password123", name: "R" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: "MISSING_FIELD", message: "company is required" });
    const given = await strict.request("POST", "/sign-up/email", { body: { email: "r@example.com", password: "password123", name: "R", company: "Acme" } });
    expect(given.status).toBe(200);
    expect(given.body.user.company).toBe("Acme");
  });
});

describe("without additional fields configured", () => {
  it("drops extra fields and returns none", async () => {
    const plain = await startTestServer();
    try {
      const response = await plain.request("POST", "/sign-up/email", { body: { email: "plain@example.com", password: "password123", name: "P", favoriteColor: "teal" } });
      expect(response.status).toBe(200);
      expect(response.body.user).not.toHaveProperty("favoriteColor");
      const row = await plain.database.db.selectFrom("user").select("additionalFields").where("email", "=", "plain@example.com").executeTakeFirstOrThrow();
      expect(row.additionalFields).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe("the setting is checked at start", () => {
  const bad = (fields: unknown) => () => resolveConfig({ user: { additionalFields: fields } } as never);
  it("refuses names of built-in fields, prototype keys and non-identifiers", () => {
    for (const name of ["role", "emailVerified", "id", "__proto__", "constructor", "toString", "hasOwnProperty", "prototype", "bad-name", "1st"]) {
      expect(bad(JSON.parse(`{"${name}": {"type": "string"}}`)), name).toThrow();
    }
  });
  it("refuses unknown types, unknown attributes and defaults of the wrong type", () => {
    expect(bad({ a: { type: "json" } })).toThrow();
    expect(bad({ a: { type: "string", fieldname: "x" } })).toThrow();
    expect(bad({ a: { type: "number", defaultValue: "zero" } })).toThrow();
  });
  it("accepts a well-formed setting", () => {
    expect(resolveConfig({ user: { additionalFields } } as never).user.additionalFields.plan).toMatchObject({ type: "string", input: false, returned: true, required: false });
  });
});

describe("additional fields travel through export and import-users", () => {
  it("imports a row's additionalFields checked by type, with defaults, and refuses a bad value per row", async () => {
    const admin = await server.signUp({ email: "import-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const response = await server.request("POST", "/admin/import-users", {
      token: admin.token,
      body: {
        users: [
          { email: "imported-fields@example.com", name: "I", additionalFields: { favoriteColor: "green", plan: "pro", unknownThing: 1 } },
          { email: "imported-bad@example.com", name: "B", additionalFields: { score: "high" } },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results[0]).toMatchObject({ ok: true });
    expect(response.body.results[1]).toMatchObject({ ok: false, code: "VALIDATION_ERROR", message: "additionalFields.score: expected number" });
    expect(await storedFields("imported-fields@example.com")).toEqual({ favoriteColor: "green", plan: "pro", score: 0 });
    const exported = await server.request("GET", "/admin/export-users?limit=1000", { token: admin.token });
    const row = exported.body.users.find((user: { email: string }) => user.email === "imported-fields@example.com");
    expect(row).toMatchObject({ favoriteColor: "green", plan: "pro", score: 0 });
    expect(row).not.toHaveProperty("secretNote");
  });
});
