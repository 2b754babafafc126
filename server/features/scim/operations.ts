/**
 * The SCIM 2.0 operations Latchkey serves, as data: protocol.ts refuses to register a route that
 * is not listed here, and /openapi.json describes each (server/http/openapi.ts), so the document
 * cannot drift from what the server answers. Paths are relative to {basePath}/scim/v2.
 */
import type { Scope } from "./service.js";

export type ScimMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ScimOperation {
  method: ScimMethod;
  path: string;
  operationId: string;
  summary: string;
  /** The scope a token needs (discovery needs only a valid token). */
  scope?: Scope;
  /** The success status (201 with Location for creation, 204 with no body for deletion). */
  status: 200 | 201 | 204;
  /** Takes a SCIM resource or PatchOp body. */
  body?: "User" | "Group" | "PatchOp";
  /** Query parameters beyond none: list operations filter and page. */
  list?: boolean;
}

export const SCIM_OPERATIONS: readonly ScimOperation[] = [
  { method: "GET", path: "/ServiceProviderConfig", operationId: "scimServiceProviderConfig", summary: "What this SCIM service supports (RFC 7643 §5)", status: 200 },
  { method: "GET", path: "/Schemas", operationId: "scimListSchemas", summary: "The User and Group schemas", status: 200 },
  { method: "GET", path: "/Schemas/:id", operationId: "scimGetSchema", summary: "One schema by its URN", status: 200 },
  { method: "GET", path: "/ResourceTypes", operationId: "scimListResourceTypes", summary: "The User and Group resource types", status: 200 },
  { method: "GET", path: "/ResourceTypes/:id", operationId: "scimGetResourceType", summary: "One resource type", status: 200 },
  { method: "GET", path: "/Users", operationId: "scimListUsers", summary: "The connection's users, filtered (RFC 7644 §3.4.2.2) and paged", scope: "scim.users.read", status: 200, list: true },
  { method: "POST", path: "/Users", operationId: "scimCreateUser", summary: "Provision a user: an account and a membership in the connection's organization", scope: "scim.users.write", status: 201, body: "User" },
  { method: "GET", path: "/Users/:id", operationId: "scimGetUser", summary: "One user the connection provisioned", scope: "scim.users.read", status: 200 },
  { method: "PUT", path: "/Users/:id", operationId: "scimReplaceUser", summary: "Replace a user; active:false ends every session at once", scope: "scim.users.write", status: 200, body: "User" },
  { method: "PATCH", path: "/Users/:id", operationId: "scimPatchUser", summary: "Change a user (PatchOp); active:false ends every session at once", scope: "scim.users.write", status: 200, body: "PatchOp" },
  { method: "DELETE", path: "/Users/:id", operationId: "scimDeleteUser", summary: "Deprovision a user: the account, its sessions, keys and memberships are removed", scope: "scim.users.write", status: 204 },
  { method: "GET", path: "/Groups", operationId: "scimListGroups", summary: "The connection's groups (teams of its organization), filtered and paged", scope: "scim.groups.read", status: 200, list: true },
  { method: "POST", path: "/Groups", operationId: "scimCreateGroup", summary: "Create a group as a team of the connection's organization", scope: "scim.groups.write", status: 201, body: "Group" },
  { method: "GET", path: "/Groups/:id", operationId: "scimGetGroup", summary: "One group with its members", scope: "scim.groups.read", status: 200 },
  { method: "PUT", path: "/Groups/:id", operationId: "scimReplaceGroup", summary: "Replace a group and its members", scope: "scim.groups.write", status: 200, body: "Group" },
  { method: "PATCH", path: "/Groups/:id", operationId: "scimPatchGroup", summary: "Add or remove members, rename (PatchOp)", scope: "scim.groups.write", status: 200, body: "PatchOp" },
  { method: "DELETE", path: "/Groups/:id", operationId: "scimDeleteGroup", summary: "Delete a group (its team)", scope: "scim.groups.write", status: 204 },
];

/** Whether protocol.ts may register this route (relative to the SCIM prefix). */
export function isListedScimOperation(method: ScimMethod, path: string): boolean {
  return SCIM_OPERATIONS.some((operation) => operation.method === method && operation.path === path);
}
