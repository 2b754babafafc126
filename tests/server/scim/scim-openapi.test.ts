/**
 * SCIM in /openapi.json: every operation the server registers is described (protocol.ts refuses
 * to register one that operations.ts does not list), each described one is really answered, with
 * the SCIM bearer token as its only credential and SCIM's error body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCIM_OPERATIONS } from "../../../server/features/scim/operations.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { scim: { enabled: true } } });
});
afterAll(async () => {
  await server.close();
});

describe("SCIM in openapi.json", () => {
  it("describes each SCIM operation with the SCIM token as its credential and the SCIM error body", async () => {
    const document = (await server.request("GET", "/openapi.json")).body;
    const described = Object.entries(document.paths as Record<string, Record<string, { operationId: string; security: unknown; responses: Record<string, unknown> }>>)
      .filter(([path]) => path.startsWith("/api/auth/scim/v2/"))
      .flatMap(([path, items]) => Object.entries(items).map(([method, item]) => ({ path, method, item })));
    expect(described.map(({ item }) => item.operationId).sort()).toEqual(SCIM_OPERATIONS.map((operation) => operation.operationId).sort());
    expect(described.find(({ path, method }) => path === "/api/auth/scim/v2/Users/{id}" && method === "patch")?.item).toMatchObject({
      security: [{ scimBearer: [] }],
      responses: { default: { content: { "application/scim+json": { schema: { $ref: "#/components/schemas/ScimError" } } } } },
    });
    expect(document.components.securitySchemes.scimBearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.schemas.ScimError.required).toEqual(["schemas", "status", "detail"]);
  });

  it("every described operation is answered by the server: without a token, 401 in SCIM's error shape, never 404", async () => {
    for (const operation of SCIM_OPERATIONS) {
      const path = `/scim/v2${operation.path.replace(":id", "no-such-id")}`;
      const response = await server.request(operation.method, path, operation.body ? { rawBody: "{}", headers: { "content-type": "application/scim+json" } } : {});
      expect(response.status, `${operation.method} ${path}`).toBe(401);
      expect(response.body.schemas, `${operation.method} ${path}`).toEqual([ERROR]);
    }
  });
});
