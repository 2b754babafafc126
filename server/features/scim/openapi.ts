/**
 * The SCIM 2.0 part of /openapi.json. SCIM lives outside the contract (protocol.ts says why), so
 * its operations are described from operations.ts: SCIM media types, the SCIM bearer token as
 * the only credential, and SCIM's own error body. The resource schemas themselves are served by
 * the protocol (`GET /Schemas`), so bodies here are open objects that name them.
 */
import { SCIM_OPERATIONS } from "./operations.js";

type JsonObject = Record<string, unknown>;

const SCIM_JSON = "application/scim+json";
const CORE = { User: "urn:ietf:params:scim:schemas:core:2.0:User", Group: "urn:ietf:params:scim:schemas:core:2.0:Group", PatchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp" } as const;

const resource = (schema: string): JsonObject => ({
  type: "object",
  required: ["schemas"],
  properties: { schemas: { type: "array", items: { type: "string" }, contains: { const: schema } } },
  additionalProperties: true,
  description: `A SCIM resource of ${schema} (GET /scim/v2/Schemas/${schema} describes its attributes)`,
});

const content = (schema: JsonObject) => ({ [SCIM_JSON]: { schema }, "application/json": { schema } });

const SCIM_ERROR_SCHEMA: JsonObject = {
  type: "object",
  required: ["schemas", "status", "detail"],
  properties: {
    schemas: { type: "array", items: { const: "urn:ietf:params:scim:api:messages:2.0:Error" } },
    status: { type: "string", description: "The HTTP status, as a string (RFC 7644 §3.12)" },
    scimType: { type: "string", enum: ["invalidFilter", "tooMany", "uniqueness", "mutability", "invalidSyntax", "invalidPath", "noTarget", "invalidValue", "invalidVers", "sensitive"] },
    detail: { type: "string" },
  },
};

/** SCIM's part of /openapi.json: path items for {basePath}/scim/v2 (OpenAPI's `{id}` syntax), its token, its error body. */
export function scimOpenApi(basePath: string): { paths: Record<string, Record<string, unknown>>; securitySchemes: JsonObject; schemas: JsonObject } {
  return {
    paths: scimOpenApiPaths(basePath),
    securitySchemes: { scimBearer: { type: "http", scheme: "bearer", description: "A SCIM connection's token (docs/scim.md); valid for /scim/v2 only" } },
    schemas: { ScimError: SCIM_ERROR_SCHEMA },
  };
}

function scimOpenApiPaths(basePath: string): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of SCIM_OPERATIONS) {
    const path = `${basePath}/scim/v2${operation.path.replace(/:(\w+)/g, "{$1}")}`;
    const parameters: unknown[] = [];
    if (operation.path.includes(":id")) parameters.push({ name: "id", in: "path", required: true, schema: { type: "string" } });
    if (operation.list) {
      parameters.push(
        { name: "filter", in: "query", required: false, schema: { type: "string" }, description: 'A SCIM filter (RFC 7644 §3.4.2.2), e.g. userName eq "ada@example.com"' },
        { name: "startIndex", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } },
        { name: "count", in: "query", required: false, schema: { type: "integer", minimum: 0 } },
      );
    }
    const success =
      operation.status === 204
        ? { description: "Done; no body" }
        : { description: operation.status === 201 ? "Created; Location names the new resource" : "Success", content: content({ type: "object", additionalProperties: true }) };
    const item: JsonObject = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: `Answered only when SCIM is on (scim.enabled, or a connection in the configuration). ${operation.scope ? `The token needs the ${operation.scope} scope.` : "Any valid SCIM token."} Errors use SCIM's error body.`,
      tags: ["scim"],
      parameters,
      security: [{ scimBearer: [] }],
      responses: { [String(operation.status)]: success, default: { description: "SCIM error", content: content({ $ref: "#/components/schemas/ScimError" }) } },
      "x-access": "scim-token",
    };
    if (operation.body) item.requestBody = { required: true, content: content(resource(CORE[operation.body])) };
    paths[path] = { ...(paths[path] ?? {}), [operation.method.toLowerCase()]: item };
  }
  return paths;
}
