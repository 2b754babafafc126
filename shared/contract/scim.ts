/**
 * SCIM provisioning, the management side (Latchkey's own; better-auth 1.7's scim plugin has no HTTP
 * route to mint tokens): an organization's owners create a connection's bearer token (shown once,
 * kept as a digest), list the connections with their last activity, and revoke a token. The SCIM
 * protocol itself (/scim/v2/*) is not in the contract: it speaks RFC 7644 (PUT, PATCH, DELETE,
 * application/scim+json, SCIM error JSON) to directories, not to better-auth's client
 * (server/features/scim/protocol.ts, docs/scim.md).
 *
 * Creating and revoking are `credentials: "configure"`: a person's own session only — never an
 * API key (a leaked key must not mint a token that can add people to the organization), never an
 * impersonation.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate, successSchema } from "./schemas.js";
import { id } from "./organization-schemas.js";

const connectionName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, "letters, digits, spaces, . _ and - only");

export const scimTokenSchema = z.object({
  id: z.string(),
  /** The first characters of the token, to recognise it. */
  start: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
});

export const scimConnectionSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  /** Declared in the server's configuration (its tokens live there, not here). */
  configured: z.boolean(),
  createdAt: isoDate,
  lastActivityAt: isoDate.nullable(),
  /** Users it provisioned (deactivated ones included). */
  users: z.number(),
  tokens: z.array(scimTokenSchema),
});
export type ScimConnection = z.infer<typeof scimConnectionSchema>;

export const scimEndpoints = {
  scimCreateToken: endpoint({
    method: "POST",
    path: "/scim/create-token",
    summary: "Latchkey extension: a new SCIM bearer token for the organization's connection of this name (created when new); the token is shown in this answer only",
    tags: ["scim"],
    access: "session",
    credentials: "configure",
    requires: "organization owner",
    body: z.object({ organizationId: id, name: connectionName }).strict(),
    response: z.object({ token: z.string(), tokenId: z.string(), connection: scimConnectionSchema, scimBaseURL: z.string() }),
  }),
  scimListConnections: endpoint({
    method: "GET",
    path: "/scim/list-connections",
    summary: "Latchkey extension: the organization's SCIM connections (configured and created), their tokens (without the secret) and last activity",
    tags: ["scim"],
    access: "session",
    requires: "organization owner",
    query: z.object({ organizationId: id }).strict(),
    response: z.object({ connections: z.array(scimConnectionSchema) }),
  }),
  scimRevokeToken: endpoint({
    method: "POST",
    path: "/scim/revoke-token",
    summary: "Latchkey extension: revoke one SCIM bearer token; the directory using it is refused from its next request",
    tags: ["scim"],
    access: "session",
    credentials: "configure",
    requires: "organization owner",
    body: z.object({ tokenId: id }).strict(),
    response: successSchema,
  }),
};
