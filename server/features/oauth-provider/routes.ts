/** The OpenID provider's handlers (shared/contract/oauth-provider.ts). */
import { apiError } from "../../../shared/errors.js";
import type { OAuthGrant } from "../../../shared/contract/oauth-provider.js";
import { DEVICE_CODE_GRANT, OAUTH_GRANT_TYPES } from "../../../shared/oauth-client-kinds.js";
import { can } from "../../core/admin-access.js";
import * as oneTime from "../../core/one-time.js";
import { iso } from "../../core/user/wire.js";
import type { AppContext } from "../../context.js";
import { hashSecret, newId } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { defineHandlers, JsonAnswer, type AuthState } from "../../http/handler.js";
import { authorize, clientAllows, issueCode, redirectWith, type PendingRequest, type WaitingRequest } from "./authorize.js";
import { authenticateClient, createClient, metadataOf, selfRegisteredBackChannelAllowed, publicFields, readClientCredentials, requireClient, rotateSecret, setDisabled, toWire, updateClient, type ClientMetadata } from "./clients.js";
import { userClaims } from "./claims.js";
import { clientChoices } from "./client-choices.js";
import { customClaimValues } from "./custom-claims.js";
import { issuerOf, providerMetadata } from "./discovery.js";
import { confirmEndSession, endSession, endSessionDetails } from "./end-session.js";
import { redeemCode } from "./code-grant.js";
import { redeemDeviceCode } from "./device.js";
import { answering, OAuthError } from "./oauth-error.js";
import { audienceFor } from "./resource.js";
import * as store from "./store.js";
import { isBanned, issueTokens, liveToken, refresh } from "./tokens.js";

function assertEnabled(app: AppContext): void {
  if (!app.config.oauthProvider.enabled) throw apiError("OAUTH_PROVIDER_DISABLED");
}

function assertAdmin(app: AppContext, auth: AuthState, action: "create" | "read" | "update" | "delete"): void {
  assertEnabled(app);
  if (!can(app.config, auth.user, { oauthClient: [action] })) throw apiError("OAUTH_CLIENT_FORBIDDEN");
}

/**
 * Creating a client, rotating its secret and changing its settings (redirect URIs say where codes
 * go) mint or redirect credentials: an administrator's own session may, an impersonation may not,
 * and an API key only when its permissions name this very action — a full-rights key (or one
 * narrowed to other things) is not enough (docs/oidc-provider.md, "Who may manage clients").
 */
function assertMayMint(auth: AuthState, action: "create" | "update"): void {
  if (auth.kind === "impersonation") throw apiError("NOT_ALLOWED_WHILE_IMPERSONATING");
  if (auth.kind === "api-key" && !(auth.apiKey?.permissions?.oauthClient ?? []).includes(action)) throw apiError("API_KEY_NOT_ALLOWED");
}

const noStore = { "cache-control": "no-store", pragma: "no-cache" };

function grantOf(row: { id: string; clientId: string; userId: string; scopes: string; createdAt: number; updatedAt: number; metadata: string }): OAuthGrant {
  const meta = JSON.parse(row.metadata) as { client_name?: string; logo_uri?: string };
  return { id: row.id, clientId: row.clientId, userId: row.userId, scopes: row.scopes.split(" "), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), clientName: meta.client_name ?? null, logoUri: meta.logo_uri ?? null };
}

async function pendingFor(app: AppContext, requestId: string, user: UserRow) {
  const record = await oneTime.peek(app.db, app.clock.now(), "oauth-authorize-request", requestId);
  const waiting = record?.data as WaitingRequest | undefined;
  if (!waiting || waiting.userId !== user.id) throw apiError("OAUTH_REQUEST_NOT_FOUND");
  const client = await store.findClient(app.db, waiting.clientId);
  if (!client || client.disabled) throw apiError("OAUTH_REQUEST_NOT_FOUND");
  // The way back stays out of the code's data: only the consent page needs it.
  const { returnTo, ...pending } = waiting;
  return { pending: pending satisfies PendingRequest, returnTo: returnTo ?? null, client };
}

export const oauthProviderHandlers = defineHandlers({
  oauthOpenIdConfiguration: (ctx) => {
    assertEnabled(ctx.app);
    return providerMetadata(ctx.app);
  },
  oauthAuthorizationServerMetadata: (ctx) => {
    assertEnabled(ctx.app);
    return providerMetadata(ctx.app);
  },

  oauth2Authorize: async (ctx) => {
    assertEnabled(ctx.app);
    return authorize(ctx.app, ctx.query, ctx.auth);
  },

  oauth2Token: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      const { app, body } = ctx;
      const client = await authenticateClient(app, readClientCredentials(ctx.authorization, body)).catch((error: unknown) => {
        ctx.audit({ action: "oauth-token.failed", actorId: null, success: false, metadata: { clientId: body.client_id ?? null, grantType: body.grant_type ?? null, error: "invalid_client" } });
        throw error;
      });
      const failed = (error: OAuthError) => {
        ctx.audit({ action: "oauth-token.failed", actorId: null, success: false, metadata: { clientId: client.clientId, grantType: body.grant_type ?? null, error: error.error } });
        return error;
      };
      const audienceOr = (resource: string | undefined) => {
        try {
          return audienceFor(app, resource);
        } catch (error) {
          throw error instanceof OAuthError ? failed(error) : error;
        }
      };
      if (!body.grant_type) throw failed(new OAuthError("invalid_request", "grant_type is required"));
      // RFC 6749 §5.2: a grant type this server does not do at all is unsupported_grant_type; one
      // it does but this client was not registered for is unauthorized_client.
      if (!(OAUTH_GRANT_TYPES as readonly string[]).includes(body.grant_type)) throw failed(new OAuthError("unsupported_grant_type", `unsupported grant_type: ${body.grant_type}`));
      if (!clientAllows(client, body.grant_type)) throw failed(new OAuthError("unauthorized_client", `this client may not use ${body.grant_type}`));
      if (body.grant_type === "authorization_code") {
        const answer = await redeemCode(app, client, body, (data) =>
          ctx.audit({ action: "oauth-token.reuse", actorId: null, targetId: data.userId, targetType: "user", success: false, metadata: { clientId: client.clientId, code: true } }),
        ).catch((error: unknown) => {
          throw error instanceof OAuthError ? failed(error) : error;
        });
        return new JsonAnswer(answer, 200, noStore);
      }
      if (body.grant_type === "refresh_token") {
        if (!body.refresh_token) throw failed(new OAuthError("invalid_request", "refresh_token is required"));
        const answer = await refresh(app, client, body.refresh_token, body.scope, audienceOr(body.resource), (row) =>
          ctx.audit({ action: "oauth-token.reuse", actorId: null, targetId: row.userId, targetType: "user", success: false, metadata: { clientId: client.clientId, familyId: row.familyId } }),
        ).catch((error: unknown) => {
          throw error instanceof OAuthError ? failed(error) : error;
        });
        return new JsonAnswer(answer, 200, noStore);
      }
      if (body.grant_type === "client_credentials") {
        if (client.secretHash === null) throw failed(new OAuthError("unauthorized_client", "a public client cannot use client_credentials"));
        const allowed = (metadataOf(client).scope ?? "").split(" ").filter((s) => !["openid", "offline_access", "profile", "email", "organizations", "roles", "groups"].includes(s));
        const requested = body.scope ? body.scope.split(" ").filter(Boolean) : allowed;
        if (!requested.every((s) => allowed.includes(s))) throw failed(new OAuthError("invalid_scope", "a scope this client may not ask for"));
        const answer = await issueTokens(app, { client, user: null, scopes: requested, signIn: null, audience: audienceOr(body.resource) });
        return new JsonAnswer(answer, 200, noStore);
      }
      if (body.grant_type === DEVICE_CODE_GRANT) {
        const answer = await redeemDeviceCode(app, client, body.device_code).catch((error: unknown) => {
          // Waiting and pacing are the protocol working, not failures worth an audit line.
          if (error instanceof OAuthError && (error.error === "authorization_pending" || error.error === "slow_down")) throw error;
          throw error instanceof OAuthError ? failed(error) : error;
        });
        return new JsonAnswer(answer, 200, noStore);
      }
      throw failed(new OAuthError("unsupported_grant_type", `unsupported grant_type: ${body.grant_type}`));
    }),

  oauth2UserInfo: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      const header = ctx.authorization;
      if (!header?.startsWith("Bearer ")) throw new OAuthError("invalid_token", "an access token is required", 401);
      // The same rules as liveToken (not revoked, not expired, client enabled, person not banned), in one read.
      const found = await store.findAccessTokenWithPerson(ctx.app.db, hashSecret(header.slice(7).trim()));
      const live = found && found.kind === "access" && found.revokedAt === null && Number(found.expiresAt) > ctx.app.clock.now() && !found.clientDisabled && !isBanned(ctx.app, found);
      if (!live) throw new OAuthError("invalid_token", "the access token is invalid, expired or revoked", 401);
      const scopes = found.scopes.split(" ");
      if (!scopes.includes("openid")) throw new OAuthError("insufficient_scope", "the openid scope was not granted", 403);
      const { custom_claims: custom } = JSON.parse(found.clientMetadata) as ClientMetadata;
      return { ...(await customClaimValues(ctx.app, found.id, custom)), ...(await userClaims(ctx.app, found, scopes)) } as { sub: string };
    }),

  oauth2Introspect: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      const client = await authenticateClient(ctx.app, readClientCredentials(ctx.authorization, ctx.body));
      if (client.secretHash === null) throw new OAuthError("invalid_client", "introspection needs a confidential client", 401);
      if (!ctx.body.token) throw new OAuthError("invalid_request", "token is required");
      const live = await liveToken(ctx.app, ctx.body.token);
      // A client learns only about its own tokens (RFC 7662 §4).
      if (!live || live.client.clientId !== client.clientId) return new JsonAnswer({ active: false }, 200, noStore);
      const { row } = live;
      return new JsonAnswer(
        {
          active: true,
          scope: row.scopes,
          client_id: row.clientId,
          ...(row.userId ? { sub: row.userId } : { sub: row.clientId }),
          exp: Math.floor(Number(row.expiresAt) / 1000),
          iat: Math.floor(Number(row.createdAt) / 1000),
          token_type: row.kind === "access" ? "Bearer" : "refresh_token",
          iss: issuerOf(ctx.app),
          ...(row.sessionId ? { sid: row.sessionId } : {}),
        },
        200,
        noStore,
      );
    }),

  oauth2Revoke: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      const client = await authenticateClient(ctx.app, readClientCredentials(ctx.authorization, ctx.body));
      if (!ctx.body.token) throw new OAuthError("invalid_request", "token is required");
      const row = await store.findToken(ctx.app.db, hashSecret(ctx.body.token));
      // Unknown tokens and other clients' tokens: 200 all the same (RFC 7009 §2.2).
      if (row && row.clientId === client.clientId) {
        if (row.kind === "refresh") await store.revokeFamily(ctx.app.db, row.familyId, ctx.app.clock.now());
        else await store.revokeToken(ctx.app.db, row.id, ctx.app.clock.now());
      }
      return new JsonAnswer({}, 200, noStore);
    }),

  oauth2EndSession: async (ctx) => {
    assertEnabled(ctx.app);
    return answering(() => endSession(ctx));
  },

  oauth2EndSessionDetails: async (ctx) => {
    assertEnabled(ctx.app);
    return endSessionDetails(ctx);
  },
  oauth2EndSessionConfirm: async (ctx) => {
    assertEnabled(ctx.app);
    return confirmEndSession(ctx);
  },

  oauth2Register: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      if (!ctx.app.config.oauthProvider.allowDynamicClientRegistration) throw new OAuthError("access_denied", "dynamic client registration is turned off on this server", 403);
      if (ctx.body.backchannel_logout_uri !== undefined && !(await selfRegisteredBackChannelAllowed(ctx.app, ctx.body.backchannel_logout_uri))) {
        throw new OAuthError("invalid_client_metadata", "a self-registered app's backchannel_logout_uri must be https to a public address (not loopback, private or link-local)");
      }
      // Anyone may call this: a self-registered client gets no machine grant and no scope the
      // operator did not offer for self-registration (issue 32, finding 1).
      if (ctx.body.grant_types?.includes("client_credentials")) throw new OAuthError("invalid_client_metadata", "a self-registered app cannot use client_credentials");
      // The device grant shows a code the person approves on our own page: a phishing lure in the
      // hands of an anonymous app ("type this code to fix your TV"), so only an administrator's app gets it.
      if (ctx.body.grant_types?.includes(DEVICE_CODE_GRANT) && !(ctx.auth && can(ctx.app.config, ctx.auth.user, { oauthClient: ["create"] }))) {
        throw new OAuthError("invalid_client_metadata", "only an administrator's app may use the device authorization grant");
      }
      const offered = ctx.app.config.oauthProvider.dynamicRegistrationScopes;
      const scopes = ctx.body.scope === undefined ? offered : ctx.body.scope.split(" ").filter(Boolean);
      const notOffered = scopes.filter((s) => !offered.includes(s));
      if (notOffered.length) throw new OAuthError("invalid_client_metadata", `scopes not open to self-registered apps: ${notOffered.join(" ")}`);
      try {
        const created = await createClient(ctx.app, { ...ctx.body, scope: scopes.join(" "), self_registered: true }, ctx.auth?.user.id ?? null);
        return new JsonAnswer(created, 201, noStore);
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "OAUTH_INVALID_CLIENT_METADATA") throw new OAuthError("invalid_client_metadata", error.message);
        throw error;
      }
    }),

  oauth2GetClient: async (ctx) => {
    assertEnabled(ctx.app);
    const row = await requireClient(ctx.app, ctx.query.client_id);
    if (row.userId !== ctx.auth.user.id && !can(ctx.app.config, ctx.auth.user, { oauthClient: ["read"] })) throw apiError("OAUTH_CLIENT_NOT_FOUND");
    return toWire(row);
  },
  oauth2PublicClient: async (ctx) => {
    assertEnabled(ctx.app);
    const row = await requireClient(ctx.app, ctx.query.client_id);
    if (row.disabled) throw apiError("OAUTH_CLIENT_NOT_FOUND");
    return publicFields(row);
  },

  oauth2ConsentDetails: async (ctx) => {
    assertEnabled(ctx.app);
    const { pending, returnTo, client } = await pendingFor(ctx.app, ctx.query.request, ctx.auth.user);
    const consent = await store.findConsent(ctx.app.db, client.clientId, ctx.auth.user.id);
    const user = ctx.auth.user;
    return {
      request: ctx.query.request,
      client: publicFields(client),
      scopes: pending.scopes,
      previouslyGranted: consent ? consent.scopes.split(" ") : [],
      account: { id: user.id, email: user.email, name: user.name, image: user.image },
      returnTo,
    };
  },
  oauth2Consent: async (ctx) =>
    ctx.change(async () => {
      assertEnabled(ctx.app);
      const { app, body } = ctx;
      const { pending } = await pendingFor(app, body.request, ctx.auth.user);
      // Spent whatever the answer: one request, one decision.
      const spent = await oneTime.consume(app.db, app.clock.now(), "oauth-authorize-request", body.request);
      if (!spent) throw apiError("OAUTH_REQUEST_NOT_FOUND");
      if (!body.accept) {
        ctx.audit({ action: "oauth-grant.deny", targetId: ctx.auth.user.id, targetType: "user", metadata: { clientId: pending.clientId } });
        return { redirect_uri: redirectWith(pending.redirectUri, { error: "access_denied", error_description: "the person denied the request", state: pending.state, iss: issuerOf(app) }) };
      }
      const chosen = body.scope ? body.scope.split(" ").filter(Boolean) : pending.scopes;
      if (!chosen.every((s) => pending.scopes.includes(s))) throw apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path: "scope", message: "only requested scopes can be allowed" }]);
      const existing = await store.findConsent(app.db, pending.clientId, ctx.auth.user.id);
      const now = app.clock.now();
      const scopes = [...new Set([...(existing ? existing.scopes.split(" ") : []), ...chosen])];
      await store.saveConsent(app.db, { id: existing?.id ?? newId(), clientId: pending.clientId, userId: ctx.auth.user.id, scopes: scopes.join(" "), createdAt: existing ? Number(existing.createdAt) : now, updatedAt: now });
      ctx.audit({ action: "oauth-grant.allow", targetId: ctx.auth.user.id, targetType: "user", metadata: { clientId: pending.clientId, scopes: chosen } });
      return { redirect_uri: await issueCode(app, { ...pending, scopes: chosen }) };
    }),

  oauth2GetConsents: async (ctx) => {
    assertEnabled(ctx.app);
    return (await store.consentsOfUser(ctx.app.db, ctx.auth.user.id)).map((row) => grantOf({ ...row, createdAt: Number(row.createdAt), updatedAt: Number(row.updatedAt) }));
  },
  oauth2DeleteConsent: async (ctx) =>
    ctx.change(async () => {
      assertEnabled(ctx.app);
      const consent = await store.findConsentById(ctx.app.db, ctx.body.id);
      if (!consent || consent.userId !== ctx.auth.user.id) throw apiError("OAUTH_CONSENT_NOT_FOUND");
      await store.deleteGrant(ctx.app.db, consent);
      ctx.audit({ action: "oauth-grant.revoke", targetId: consent.userId, targetType: "user", metadata: { clientId: consent.clientId } });
      return { success: true };
    }),

  adminOAuthCreateClient: async (ctx) =>
    ctx.change(async () => {
      assertAdmin(ctx.app, ctx.auth, "create");
      assertMayMint(ctx.auth, "create");
      const created = await createClient(ctx.app, ctx.body, null);
      ctx.audit({ action: "oauth-client.create", metadata: { clientId: created.client_id, name: created.client_name ?? null } });
      return created;
    }),
  adminOAuthListClients: async (ctx) => {
    assertAdmin(ctx.app, ctx.auth, "read");
    return { clients: (await store.listClients(ctx.app.db)).map(toWire) };
  },
  adminOAuthGetClient: async (ctx) => {
    assertAdmin(ctx.app, ctx.auth, "read");
    return toWire(await requireClient(ctx.app, ctx.query.client_id));
  },
  adminOAuthUpdateClient: async (ctx) =>
    ctx.change(async () => {
      assertAdmin(ctx.app, ctx.auth, "update");
      assertMayMint(ctx.auth, "update");
      if (Object.keys(ctx.body.update).length === 0) throw apiError("NO_FIELDS_TO_UPDATE");
      const updated = await updateClient(ctx.app, ctx.body.client_id, ctx.body.update);
      ctx.audit({ action: "oauth-client.update", metadata: { clientId: updated.client_id, fields: Object.keys(ctx.body.update) } });
      return updated;
    }),
  adminOAuthRotateSecret: async (ctx) =>
    ctx.change(async () => {
      assertAdmin(ctx.app, ctx.auth, "update");
      assertMayMint(ctx.auth, "update");
      const rotated = await rotateSecret(ctx.app, ctx.body.client_id);
      ctx.audit({ action: "oauth-client.rotate-secret", metadata: { clientId: rotated.client_id } });
      return rotated;
    }),
  adminOAuthSetClientDisabled: async (ctx) =>
    ctx.change(async () => {
      assertAdmin(ctx.app, ctx.auth, "update");
      const updated = await setDisabled(ctx.app, ctx.body.client_id, ctx.body.disabled);
      ctx.audit({ action: "oauth-client.update", metadata: { clientId: updated.client_id, disabled: ctx.body.disabled } });
      return updated;
    }),
  adminOAuthDeleteClient: async (ctx) =>
    ctx.change(async () => {
      assertAdmin(ctx.app, ctx.auth, "delete");
      if (!(await store.deleteClient(ctx.app.db, ctx.body.client_id))) throw apiError("OAUTH_CLIENT_NOT_FOUND");
      ctx.audit({ action: "oauth-client.delete", metadata: { clientId: ctx.body.client_id } });
      return { success: true };
    }),
  adminOAuthClientChoices: async (ctx) => {
    assertEnabled(ctx.app);
    // Organization and team names are for whoever writes an app's rules, not for a read-only key.
    const mayWrite = (["create", "update"] as const).filter((action) => can(ctx.app.config, ctx.auth.user, { oauthClient: [action] }));
    if (mayWrite.length === 0) throw apiError("OAUTH_CLIENT_FORBIDDEN");
    if (ctx.auth.kind === "api-key" && !mayWrite.some((action) => (ctx.auth.apiKey?.permissions?.oauthClient ?? []).includes(action))) throw apiError("API_KEY_NOT_ALLOWED");
    return clientChoices(ctx.app);
  },
  adminOAuthListClientGrants: async (ctx) => {
    assertAdmin(ctx.app, ctx.auth, "read");
    const client = await requireClient(ctx.app, ctx.query.client_id);
    const rows = await store.consentsOfClient(ctx.app.db, client.clientId);
    const meta = metadataOf(client);
    return {
      grants: rows.map((row) => ({
        id: row.id,
        clientId: row.clientId,
        userId: row.userId,
        scopes: row.scopes.split(" "),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
        clientName: meta.client_name ?? null,
        logoUri: meta.logo_uri ?? null,
        user: { id: row.userId, email: row.email, name: row.name },
      })),
    };
  },
});
