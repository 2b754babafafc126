/**
 * The SCIM 2.0 protocol at {basePath}/scim/v2 (RFC 7644), for directories (Okta, Entra ID). Plain
 * Fastify routes in their own encapsulated scope, like /metrics and /openapi.json, not contract
 * endpoints: they use PUT, PATCH and DELETE, take application/scim+json (and application/json;
 * anything else 415), and answer errors as SCIM error JSON — none of which better-auth's client or
 * the typed client speak. The only credential is a SCIM bearer token (service.ts): a session token
 * or an API key is not one, and a SCIM token is nothing anywhere else.
 */
import { runChange } from "../../audit/change.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { authenticate, scimEnabled, type ScimCaller, type Scope } from "./service.js";
import { ScimError, scimErrorBody } from "./scim-error.js";
import { isListedScimOperation, type ScimMethod } from "./operations.js";
import * as discovery from "./discovery.js";
import * as users from "./users.js";
import * as groups from "./groups.js";

const SCIM_TYPE = "application/scim+json";

type Resource = "User" | "Group" | "discovery";
type Req = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }> & { scim?: ScimCaller };

function outcomeOf(status: number): string {
  if (status < 400) return "ok";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  return status < 500 ? "client_error" : "server_error";
}

function page(query: Record<string, string | undefined>): users.Page {
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === "") return fallback;
    if (!/^-?\d+$/.test(value.trim())) throw new ScimError(400, `${value} is not an integer`, "invalidValue");
    return Number(value.trim());
  };
  // RFC 7644 §3.4.2.4: a startIndex below 1 means 1, a negative count means 0.
  return { startIndex: Math.max(1, number(query.startIndex, 1)), count: Math.min(discovery.MAX_RESULTS, Math.max(0, number(query.count, 100))) };
}

export function registerScim(server: FastifyInstance, app: AppContext): void {
  if (!scimEnabled(app.config)) return;
  const prefix = `${app.config.basePath}/scim/v2`;
  void server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    for (const type of ["application/json", SCIM_TYPE]) {
      scope.addContentTypeParser(type, { parseAs: "string" }, (_request, body, done) => {
        const text = String(body);
        if (text.trim() === "") return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new ScimError(400, "The body is not valid JSON", "invalidSyntax"), undefined);
        }
      });
    }
    scope.addContentTypeParser("*", (_request, _payload, done) => done(new ScimError(415, `Content-Type must be ${SCIM_TYPE} or application/json`), undefined));

    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      let status: number;
      let detail: string;
      let scimType: string | undefined;
      if (error instanceof ScimError) ({ status, detail, scimType } = error);
      else if (error instanceof ApiError) [status, detail] = [error.status, error.message];
      else if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") [status, detail] = [415, `Content-Type must be ${SCIM_TYPE} or application/json`];
      else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) [status, detail] = [error.statusCode, error.message];
      else {
        app.log.error({ err: { message: error.message, stack: error.stack } }, "SCIM request failed");
        [status, detail] = [500, "Internal error"];
      }
      if (status === 401) reply.header("www-authenticate", 'Bearer realm="SCIM"');
      app.metrics.scimRequests.inc({ resource: resourceOf(request.url), outcome: outcomeOf(status) });
      void reply.code(status).type(SCIM_TYPE).send(scimErrorBody(status, detail, scimType));
    });

    const send = (reply: FastifyReply, resource: Resource, status: number, body?: unknown) => {
      app.metrics.scimRequests.inc({ resource, outcome: outcomeOf(status) });
      if (body === undefined) return reply.code(status).send();
      return reply.code(status).type(SCIM_TYPE).send(JSON.stringify(body));
    };

    const route = (method: ScimMethod, url: string, handler: (request: Req, reply: FastifyReply) => Promise<unknown>) => {
      // /openapi.json describes SCIM from operations.ts: a route missing there would be undocumented.
      if (!isListedScimOperation(method, url.slice(prefix.length))) throw new Error(`SCIM route ${method} ${url} is not listed in operations.ts`);
      scope.route({ method, url, handler: (request, reply) => handler(request as Req, reply) });
    };

    /** The caller's connection, with the scope this request needs (configured credentials may carry fewer). */
    const caller = async (request: Req, needs?: Scope): Promise<ScimCaller> => {
      const found = await authenticate(app, request.headers.authorization);
      if (needs && !found.scopes.includes(needs)) throw new ScimError(403, `The SCIM bearer token is missing the ${needs} scope`);
      return found;
    };
    /** An audit event with the connection as the actor. */
    type ScimEvent = { action: Parameters<AppContext["audit"]["record"]>[0]["action"]; targetId: string; metadata?: Record<string, unknown> };
    const asConnection = (request: Req, who: ScimCaller, event: ScimEvent) => ({
      ...event,
      actorId: `scim:${who.connection.id}`,
      targetType: event.action.startsWith("scim.group") ? ("team" as const) : ("user" as const),
      organizationId: who.connection.organizationId,
      ipAddress: request.ip,
      userAgent: request.headers["user-agent"] ?? null,
      metadata: { ...event.metadata, connectionId: who.connection.id, connection: who.connection.name },
    });
    /**
     * A provisioning change and its audit events in one transaction (audit/change.ts), so a
     * subscribed webhook survives a crash right after the commit.
     */
    const changing = <T>(request: Req, who: ScimCaller, work: (app: AppContext, audit: (event: ScimEvent) => void) => Promise<T>): Promise<T> =>
      runChange(app, (change) => work(change.app, (event) => change.audit(asConnection(request, who, event))));

    route("GET", `${prefix}/ServiceProviderConfig`, async (request: Req, reply) => {
      await caller(request);
      return send(reply, "discovery", 200, discovery.serviceProviderConfig(app));
    });
    route("GET", `${prefix}/Schemas`, async (request: Req, reply) => {
      await caller(request);
      return send(reply, "discovery", 200, discovery.schemas(app));
    });
    route("GET", `${prefix}/Schemas/:id`, async (request: Req, reply) => {
      await caller(request);
      const found = discovery.schema(app, request.params.id);
      if (!found) throw new ScimError(404, `Schema ${request.params.id} not found`);
      return send(reply, "discovery", 200, found);
    });
    route("GET", `${prefix}/ResourceTypes`, async (request: Req, reply) => {
      await caller(request);
      return send(reply, "discovery", 200, discovery.resourceTypes(app));
    });
    route("GET", `${prefix}/ResourceTypes/:id`, async (request: Req, reply) => {
      await caller(request);
      const found = discovery.resourceType(app, request.params.id);
      if (!found) throw new ScimError(404, `ResourceType ${request.params.id} not found`);
      return send(reply, "discovery", 200, found);
    });

    route("GET", `${prefix}/Users`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.read");
      return send(reply, "User", 200, await users.listUsers(app, who, request.query.filter, page(request.query)));
    });
    route("POST", `${prefix}/Users`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.write");
      const created = await changing(request, who, (app, audit) => users.createUser(app, who, request.body, audit));
      reply.header("location", (created.meta as { location: string }).location);
      return send(reply, "User", 201, created);
    });
    route("GET", `${prefix}/Users/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.read");
      return send(reply, "User", 200, await users.getUser(app, who, request.params.id));
    });
    route("PUT", `${prefix}/Users/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.write");
      return send(reply, "User", 200, await changing(request, who, (app, audit) => users.replaceUser(app, who, request.params.id, request.body, audit)));
    });
    route("PATCH", `${prefix}/Users/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.write");
      return send(reply, "User", 200, await changing(request, who, (app, audit) => users.patchUser(app, who, request.params.id, request.body, audit)));
    });
    route("DELETE", `${prefix}/Users/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.users.write");
      await changing(request, who, (app, audit) => users.deleteUser(app, who, request.params.id, audit));
      return send(reply, "User", 204);
    });

    route("GET", `${prefix}/Groups`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.read");
      return send(reply, "Group", 200, await groups.listGroups(app, who, request.query.filter, page(request.query)));
    });
    route("POST", `${prefix}/Groups`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.write");
      const created = await changing(request, who, (app, audit) => groups.createGroup(app, who, request.body, audit));
      reply.header("location", created.meta.location);
      return send(reply, "Group", 201, created);
    });
    route("GET", `${prefix}/Groups/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.read");
      return send(reply, "Group", 200, await groups.getGroup(app, who, request.params.id));
    });
    route("PUT", `${prefix}/Groups/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.write");
      return send(reply, "Group", 200, await changing(request, who, (app, audit) => groups.replaceGroup(app, who, request.params.id, request.body, audit)));
    });
    route("PATCH", `${prefix}/Groups/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.write");
      return send(reply, "Group", 200, await changing(request, who, (app, audit) => groups.patchGroup(app, who, request.params.id, request.body, audit)));
    });
    route("DELETE", `${prefix}/Groups/:id`, async (request: Req, reply) => {
      const who = await caller(request, "scim.groups.write");
      await changing(request, who, (app, audit) => groups.deleteGroup(app, who, request.params.id, audit));
      return send(reply, "Group", 204);
    });
  });
}

function resourceOf(url: string): Resource {
  if (url.includes("/scim/v2/Users")) return "User";
  if (url.includes("/scim/v2/Groups")) return "Group";
  return "discovery";
}
