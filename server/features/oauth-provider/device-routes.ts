/**
 * Handlers of shared/contract/oauth-provider-device.ts: the device authorization endpoint, the
 * console's approval page (/console/device) and `auth login --device`.
 *
 * The command line is a built-in client, not a registered app (docs/architecture.md): its
 * requests carry the machine's host name instead of a client id, work whether or not the OpenID
 * provider is on, and end in a Latchkey session through the sign-in core (completeSignIn, method
 * "device"), like the desktop app's hand-off — the approving browser already passed every step,
 * so the new session is never held at the second step and records the second factor it passed.
 */
import { apiError } from "../../../shared/errors.js";
import { decideDeviceGrant, findByUserCode, pollDeviceGrant, startDeviceGrant, type FoundDeviceGrant } from "../../core/device-grant.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { secondFactorOf, sessionSignIn } from "../../core/sign-in/session-facts.js";
import { findUserById } from "../../core/user/store.js";
import { toUser } from "../../core/user/wire.js";
import type { AppContext } from "../../context.js";
import type { OAuthClientRow } from "../../db/types.js";
import { defineHandlers, JsonAnswer } from "../../http/handler.js";
import { signInFacts } from "./claims.js";
import { authenticateClient, publicFields, readClientCredentials } from "./clients.js";
import { authorizeDevice, deviceAnswer, mayApprove, recordDeviceConsent } from "./device.js";
import { answering } from "./oauth-error.js";
import * as store from "./store.js";

function assertEnabled(app: AppContext): void {
  if (!app.config.oauthProvider.enabled) throw apiError("OAUTH_PROVIDER_DISABLED");
}

/** An app's request needs the provider on and the app still there and enabled; else the code reads as unknown. */
async function appOf(app: AppContext, found: FoundDeviceGrant): Promise<OAuthClientRow | null> {
  if (found.grant.requester.kind !== "app") return null;
  assertEnabled(app);
  const client = await store.findClient(app.db, found.grant.requester.clientId);
  if (!client || client.disabled) throw apiError("DEVICE_CODE_NOT_FOUND");
  return client;
}

export const oauthProviderDeviceHandlers = defineHandlers({
  oauth2DeviceAuthorization: (ctx) =>
    answering(async () => {
      assertEnabled(ctx.app);
      const client = await authenticateClient(ctx.app, readClientCredentials(ctx.authorization, ctx.body));
      return new JsonAnswer(await authorizeDevice(ctx.app, client, ctx.body.scope), 200, { "cache-control": "no-store" });
    }),

  deviceDetails: async (ctx) => {
    const { app, auth } = ctx;
    const found = await findByUserCode(app, ctx.query.user_code, auth.user.id);
    const client = await appOf(app, found);
    // Someone the app's rules leave out is told so before being asked anything (app-access.ts).
    if (client && !(await mayApprove(app, client, auth.user))) throw apiError("OAUTH_APP_NOT_ALLOWED");
    const { requester } = found.grant;
    return {
      userCode: `${found.userCode.slice(0, 4)}-${found.userCode.slice(4)}`,
      kind: requester.kind,
      client: client ? publicFields(client) : null,
      scopes: requester.kind === "app" ? requester.scopes : [],
      host: requester.kind === "cli" ? requester.host : null,
      account: { id: auth.user.id, email: auth.user.email, name: auth.user.name },
    };
  },

  deviceDecide: async (ctx) => {
    const { app, auth, body } = ctx;
    const found = await findByUserCode(app, body.user_code, auth.user.id);
    const client = await appOf(app, found);
    const { requester } = found.grant;
    const about = requester.kind === "app" ? { clientId: requester.clientId, scopes: requester.scopes } : { cli: true, host: requester.host };
    const refusedByRules = client !== null && body.accept && !(await mayApprove(app, client, auth.user));
    if (!body.accept || refusedByRules) {
      // The denial and its event are one change (audit/change.ts); a refusal by the rules is answered as an error after it committed.
      await ctx.change(async (app) => {
        await decideDeviceGrant(app, found, { approve: false });
        ctx.audit({ action: "oauth-device.deny", targetId: auth.user.id, targetType: "user", metadata: { ...about, ...(refusedByRules ? { reason: "access-rules" } : {}) } });
      });
      if (refusedByRules) throw apiError("OAUTH_APP_NOT_ALLOWED");
      return { success: true as const };
    }
    const session = { id: auth.session.id, createdAt: Number(auth.session.createdAt) };
    // What the new tokens or session say about this sign-in: the approving session's.
    // The CLI's session is bound to the credential epoch of this approval (core/session/epoch.ts):
    // a password change or revoke-all before the CLI collects it wins over the approval.
    const facts = requester.kind === "app" ? { ...(await signInFacts(app, auth.user, session)) } : { ...(await sessionSignIn(app, session.id, auth.user.id)), epoch: auth.user.credentialEpoch };
    await ctx.change(async (app) => {
      await decideDeviceGrant(app, found, { approve: true, userId: auth.user.id, sessionId: session.id, facts });
      if (requester.kind === "app") await recordDeviceConsent(app, requester.clientId, auth.user.id, requester.scopes);
      ctx.audit({ action: "oauth-device.approve", targetId: auth.user.id, targetType: "user", metadata: about });
    });
    return { success: true as const };
  },

  cliDeviceStart: async (ctx) => deviceAnswer(ctx.app, await startDeviceGrant(ctx.app, { kind: "cli", host: ctx.body.host })),

  cliDeviceToken: async (ctx) => {
    const { app } = ctx;
    const polled = await pollDeviceGrant(app, ctx.body.device_code, (requester) => requester.kind === "cli");
    if (polled.status === "invalid") throw apiError("INVALID_TOKEN");
    if (polled.status === "expired") throw apiError("DEVICE_CODE_EXPIRED");
    if (polled.status === "slow_down") throw apiError("DEVICE_SLOW_DOWN");
    if (polled.status === "pending") throw apiError("DEVICE_AUTHORIZATION_PENDING");
    if (polled.status !== "approved") throw apiError("DEVICE_ACCESS_DENIED");
    const { grant } = polled;
    const user = grant.userId ? await findUserById(app.db, grant.userId) : undefined;
    if (!user || grant.requester.kind !== "cli") throw apiError("INVALID_TOKEN");
    const facts = grant.facts ?? {};
    const outcome = await completeSignIn(ctx, user, {
      method: "device",
      handedOver: { secondFactor: secondFactorOf(facts.secondFactor) },
      provesTwoFactors: facts.userVerified === true,
      ...(typeof facts.epoch === "number" ? { epoch: facts.epoch } : {}),
      audit: { cli: true, host: grant.requester.host, approvedWith: typeof facts.method === "string" ? facts.method : null },
    });
    if (outcome.held) throw apiError("INVALID_TOKEN"); // cannot happen: handedOver is never held
    return { token: outcome.issued.token, user: toUser(outcome.issued.user) };
  },
});
