import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../../shared/contract/index.js";
import { ERRORS } from "../../../shared/errors.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("ok", () => {
  it("answers { ok: true }", async () => {
    const response = await server.request("GET", "/ok");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });
});

describe("error page", () => {
  it("shows an HTML page titled 'Authentication Error' with the code escaped and a link home", async () => {
    const response = await server.request("GET", `/error?error=${encodeURIComponent('<img src=x onerror="alert(1)">')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.text).toContain("<title>Authentication Error</title>");
    expect(response.text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(response.text).not.toContain('<img src=x');
    expect(response.text).toContain(`href="${server.url}/"`);
  });

  it("explains an expired link in words and falls back to a generic line for unknown codes", async () => {
    const expired = await server.request("GET", "/error?error=token_expired");
    expect(expired.text).toContain("This link has expired.");
    const unknown = await server.request("GET", "/error?error=something_new");
    expect(unknown.text).toContain("Something went wrong while signing you in.");
  });

  it("shows the please_restart_the_process code", async () => {
    const response = await server.request("GET", "/error?error=please_restart_the_process");
    expect(response.text).toContain('<code id="error-code">please_restart_the_process</code>');
    expect(response.text).toContain("Please start again.");
  });
});

describe("openapi.json", () => {
  it("is an OpenAPI 3.1 document listing every contract route with its method", async () => {
    const response = await server.request("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    for (const [name, spec] of Object.entries(contract)) {
      const path = `/api/auth${spec.path}`;
      const operation = response.body.paths[path]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${path}`).toBeDefined();
      expect(operation.operationId).toBe(name);
    }
  });

  it("describes request bodies and the error shape with every catalogue code", async () => {
    const { body } = await server.request("GET", "/openapi.json");
    const signUp = body.paths["/api/auth/sign-up/email"].post;
    expect(signUp.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["email", "password", "name"]));
    expect(body.components.schemas.Error.properties.code.enum).toEqual(Object.keys(ERRORS));
  });

  it("every route the server answers is in the document", async () => {
    const { body } = await server.request("GET", "/openapi.json");
    const documented = new Set(Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const routes = server.app.server.printRoutes({ commonPrefix: false });
    const served = [...routes.matchAll(/(api\/auth\/\S*) \(([^)]*)\)/g)].flatMap(([, path, methods]) =>
      (methods as string).split(", ").filter((m) => m === "GET" || m === "POST").map((m) => `${m} /${(path as string).replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(served.length).toBeGreaterThan(0);
    for (const route of served) {
      if (route.endsWith("/openapi.json")) continue;
      expect(documented.has(route), route).toBe(true);
    }
  });
});

describe("front door and demo page", () => {
  it("sends / to the console", async () => {
    const response = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/console/");
  });

  it("serves the plain account page at /demo", async () => {
    const response = await fetch(`${server.url}/demo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="sign-up"');
    expect(html).toContain('"/api/auth"');
  });
});
