/** OpenAPI 3.1 document generated from the contract, served at {basePath}/openapi.json. */
import { z } from "zod";
import { contract, type EndpointSpec } from "../../shared/contract/index.js";
import { ERRORS } from "../../shared/errors.js";
import { SESSION_COOKIE, wireCookieName } from "./session-cookies.js";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const HAND_OFF_PARAMETERS = [
  { name: "client_id", in: "query", required: false, schema: { type: "string" }, description: "Desktop hand-off: the app's client id (setting electron.clientId)" },
  { name: "state", in: "query", required: false, schema: { type: "string", maxLength: 512 }, description: "Desktop hand-off: the app's state, required with client_id" },
  { name: "code_challenge", in: "query", required: false, schema: { type: "string", maxLength: 512 }, description: "Desktop hand-off: S256 PKCE challenge, required with client_id" },
];
const HAND_OFF_NOTE =
  "Desktop hand-off (@better-auth/electron's format): when the sign-in was asked for with client_id, state and code_challenge and a session is issued, the answer also carries `electron_authorization_code` for POST /electron/token, and the `latchkey.<clientId>` cookie holds it for the page.";

/**
 * What a feature serving routes outside the contract (SCIM) adds to the document: its paths, the
 * credential they take and their own schemas. app.ts passes them in, as http/ imports no feature.
 */
export interface OpenApiPart {
  paths: Record<string, Record<string, unknown>>;
  securitySchemes?: Record<string, unknown>;
  schemas?: Record<string, unknown>;
}

export function buildOpenApi(basePath: string, serverURL: string, version: string, parts: readonly OpenApiPart[] = []): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, spec] of Object.entries(contract) as Array<[string, EndpointSpec]>) {
    const parameters: unknown[] = [];
    for (const [location, schema] of [["path", spec.params], ["query", spec.query]] as const) {
      if (!schema) continue;
      const json = schemaOf(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
      for (const [key, property] of Object.entries(json.properties ?? {})) {
        parameters.push({ name: key, in: location, required: location === "path" || (json.required ?? []).includes(key), schema: property });
      }
    }
    const handsOff = spec.startsSession === "sign-in" || spec.startsSession === "second-step";
    // The desktop hand-off's parameters, which every sign-in route takes (docs/desktop.md).
    if (handsOff && !spec.path.startsWith("/callback") && !spec.path.startsWith("/oauth2/callback")) parameters.push(...HAND_OFF_PARAMETERS);
    const responses: Record<string, unknown> = {
      "200": {
        description: "Success",
        content: { [name === "errorPage" ? "text/html" : "application/json"]: { schema: schemaOf(spec.response, "output") } },
      },
      default: { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    };
    if (spec.redirects) responses["302"] = { description: "Redirect to the callback URL (with ?error= on failure)" };
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: spec.summary,
      tags: [...spec.tags],
      parameters,
      responses,
      "x-access": spec.access,
    };
    if (spec.requires) operation.description = `Requires: ${spec.requires}`;
    if (handsOff) operation.description = `${operation.description ? `${operation.description}\n\n` : ""}${HAND_OFF_NOTE}`;
    if (spec.access !== "public") operation.security = [{ bearer: [] }, { cookie: [] }, { apiKey: [] }];
    if (spec.body) operation.requestBody = { required: true, content: { "application/json": { schema: schemaOf(spec.body, "input") } } };
    const path = basePath + spec.path;
    paths[path] = { ...(paths[path] ?? {}), [spec.method.toLowerCase()]: operation };
  }
  // Readiness is served outside the contract (it must answer while the contract's hooks drain).
  const checks = { type: "object", additionalProperties: { enum: ["ok", "failing", "degraded"] } };
  paths[`${basePath}/ready`] = {
    get: {
      operationId: "ready",
      summary: "Readiness: the database (and any shared rate-limit store) answers; 503 NOT_READY or SHUTTING_DOWN otherwise",
      tags: ["health"],
      parameters: [],
      responses: {
        "200": { description: "Ready", content: { "application/json": { schema: { type: "object", required: ["ok", "checks"], properties: { ok: { const: true }, checks } } } } },
        "503": { description: "Not ready", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
      "x-access": "public",
    },
  };
  for (const part of parts) Object.assign(paths, part.paths);
  return {
    openapi: "3.1.0",
    info: { title: "Latchkey API", version, description: "Account, sign-in, organization and administration API (better-auth compatible)." },
    servers: [{ url: serverURL }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "Session token from the set-auth-token header" },
        cookie: { type: "apiKey", in: "cookie", name: wireCookieName(SESSION_COOKIE, serverURL.startsWith("https:")), description: "`__Host-latchkey.session_token` when the server's URL is https" },
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "An API key from POST /api-key/create (docs/api-key.md)" },
        ...Object.assign({}, ...parts.map((part) => part.securitySchemes ?? {})),
      },
      schemas: {
        ...Object.assign({}, ...parts.map((part) => part.schemas ?? {})),
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", enum: Object.keys(ERRORS) },
            message: { type: "string" },
            issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
          },
        },
      },
    },
  };
}
