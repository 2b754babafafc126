/** RFC 7644 §4 discovery: what this service provider supports, its schemas and resource types. */
import type { AppContext } from "../../context.js";
import { GROUP_SCHEMA } from "./groups.js";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./user-resource.js";

export const MAX_RESULTS = 1000;

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const sub = (names: string[]) => names.map((name) => attribute(name));

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: "User",
    description: "User Account",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server" }),
      attribute("name", { type: "complex", subAttributes: sub(["formatted", "familyName", "givenName", "middleName", "honorificPrefix", "honorificSuffix"]) }),
      attribute("displayName"),
      attribute("nickName"),
      attribute("title"),
      attribute("userType"),
      attribute("preferredLanguage"),
      attribute("locale"),
      attribute("timezone"),
      attribute("active", { type: "boolean" }),
      attribute("emails", { type: "complex", multiValued: true, subAttributes: [...sub(["value", "type", "display"]), attribute("primary", { type: "boolean" })] }),
      attribute("phoneNumbers", { type: "complex", multiValued: true, subAttributes: [...sub(["value", "type"]), attribute("primary", { type: "boolean" })] }),
      attribute("groups", { type: "complex", multiValued: true, mutability: "readOnly", subAttributes: sub(["value", "display"]) }),
    ],
  },
  {
    id: ENTERPRISE_SCHEMA,
    name: "EnterpriseUser",
    description: "Enterprise User",
    attributes: [...sub(["employeeNumber", "costCenter", "organization", "division", "department"]), attribute("manager", { type: "complex", subAttributes: sub(["value", "displayName"]) })],
  },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "Group (a team of the connection's organization)",
    attributes: [attribute("displayName", { required: true }), attribute("members", { type: "complex", multiValued: true, subAttributes: sub(["value", "display", "type"]) })],
  },
];

const RESOURCE_TYPES = [
  { id: "User", name: "User", endpoint: "/Users", description: "User Account", schema: USER_SCHEMA, schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }] },
  { id: "Group", name: "Group", endpoint: "/Groups", description: "Group", schema: GROUP_SCHEMA, schemaExtensions: [] },
];

const base = (app: AppContext) => `${app.apiURL}/scim/v2`;

export function serviceProviderConfig(app: AppContext) {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri: `${app.baseURL}/docs/scim`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: "oauthbearertoken", name: "OAuth Bearer Token", description: "A SCIM token of the connection in the Authorization header", primary: true }],
    meta: { resourceType: "ServiceProviderConfig", location: `${base(app)}/ServiceProviderConfig` },
  };
}

const listOf = (resources: unknown[]) => ({ schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources });

export function schemas(app: AppContext) {
  return listOf(SCHEMAS.map((schema) => schemaResource(app, schema)));
}

function schemaResource(app: AppContext, schema: (typeof SCHEMAS)[number]) {
  return { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"], ...schema, meta: { resourceType: "Schema", location: `${base(app)}/Schemas/${schema.id}` } };
}

export function schema(app: AppContext, id: string) {
  const found = SCHEMAS.find((candidate) => candidate.id.toLowerCase() === id.toLowerCase());
  return found ? schemaResource(app, found) : undefined;
}

function resourceTypeResource(app: AppContext, type: (typeof RESOURCE_TYPES)[number]) {
  return { schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"], ...type, meta: { resourceType: "ResourceType", location: `${base(app)}/ResourceTypes/${type.id}` } };
}

export function resourceTypes(app: AppContext) {
  return listOf(RESOURCE_TYPES.map((type) => resourceTypeResource(app, type)));
}

export function resourceType(app: AppContext, id: string) {
  const found = RESOURCE_TYPES.find((candidate) => candidate.id.toLowerCase() === id.toLowerCase());
  return found ? resourceTypeResource(app, found) : undefined;
}
