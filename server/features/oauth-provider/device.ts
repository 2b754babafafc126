/**
 * The device authorization grant for the provider's apps (RFC 8628; state in
 * core/device-grant.ts): the device-authorization endpoint, the token endpoint's device_code
 * grant, and what approving on the console's /device page means for an app — the app's access
 * rules (app-access.ts) checked before and at approval and again when the device collects its
 * tokens, the approval recorded as the person's consent (Connected apps can remove it), and the
 * tokens minted by issueTokens, as for an authorization code.
 */
import { DEVICE_CODE_GRANT } from "../../../shared/oauth-client-kinds.js";
import type { AppContext } from "../../context.js";
import { startDeviceGrant, type DeviceGrant } from "../../core/device-grant.js";
import { pollDeviceGrant } from "../../core/device-grant.js";
import { findUserById } from "../../core/user/store.js";
import { newId } from "../../crypto/tokens.js";
import type { OAuthClientRow, UserRow } from "../../db/types.js";
import { CONSOLE_PATH } from "../../http/console.js";
import { mayUseApp } from "./app-access.js";
import { clientAllows } from "./authorize.js";
import type { SignInFacts } from "./claims.js";
import { metadataOf } from "./clients.js";
import { OAuthError } from "./oauth-error.js";
import { audienceFor } from "./resource.js";
import * as store from "./store.js";
import { isBanned, issueTokens, type TokenAnswer } from "./tokens.js";

/** The console page a person types the code on; `?user_code=` fills it in. */
export function verificationUri(app: AppContext): string {
  return `${app.baseURL}${CONSOLE_PATH}/device`;
}

export function deviceAnswer(app: AppContext, started: Awaited<ReturnType<typeof startDeviceGrant>>) {
  const uri = verificationUri(app);
  return {
    device_code: started.deviceCode,
    user_code: started.userCode,
    verification_uri: uri,
    verification_uri_complete: `${uri}?user_code=${encodeURIComponent(started.userCode)}`,
    expires_in: started.expiresIn,
    interval: started.interval,
  };
}

/** RFC 8628 §3.1–3.2 for an authenticated app registered with the grant. */
export async function authorizeDevice(app: AppContext, client: OAuthClientRow, scope: string | undefined) {
  if (!clientAllows(client, DEVICE_CODE_GRANT)) throw new OAuthError("unauthorized_client", "this client may not use the device authorization grant");
  const scopes = [...new Set((scope ?? "openid").split(" ").filter(Boolean))];
  const allowed = (metadataOf(client).scope ?? "").split(" ");
  const notAllowed = scopes.filter((s) => !allowed.includes(s));
  if (notAllowed.length) throw new OAuthError("invalid_scope", `not allowed for this client: ${notAllowed.join(" ")}`);
  return deviceAnswer(app, await startDeviceGrant(app, { kind: "app", clientId: client.clientId, scopes }));
}

/** The person approved on the console: their consent is recorded as on the consent page (merged with any earlier one). */
export async function recordDeviceConsent(app: AppContext, clientId: string, userId: string, scopes: string[]): Promise<void> {
  const existing = await store.findConsent(app.db, clientId, userId);
  const now = app.clock.now();
  const merged = [...new Set([...(existing ? existing.scopes.split(" ") : []), ...scopes])];
  await store.saveConsent(app.db, { id: existing?.id ?? newId(), clientId, userId, scopes: merged.join(" "), createdAt: existing ? Number(existing.createdAt) : now, updatedAt: now });
}

export function mayApprove(app: AppContext, client: OAuthClientRow, user: Pick<UserRow, "id" | "role">): Promise<boolean> {
  return mayUseApp(app, metadataOf(client), user);
}

/** The token endpoint's device_code grant (RFC 8628 §3.4–3.5). */
export async function redeemDeviceCode(app: AppContext, client: OAuthClientRow, deviceCode: string | undefined): Promise<TokenAnswer> {
  if (!deviceCode) throw new OAuthError("invalid_request", "device_code is required");
  const polled = await pollDeviceGrant(app, deviceCode, (requester) => requester.kind === "app" && requester.clientId === client.clientId);
  switch (polled.status) {
    case "invalid":
      throw new OAuthError("invalid_grant", "the device code is invalid or already used");
    case "expired":
      throw new OAuthError("expired_token", "the device code has expired; start again");
    case "slow_down":
      throw new OAuthError("slow_down", "polling too fast: wait 5 seconds more between polls");
    case "pending":
      throw new OAuthError("authorization_pending", "the person has not answered yet");
    case "denied":
      throw new OAuthError("access_denied", "the person denied the request");
  }
  const grant: DeviceGrant = polled.grant;
  if (grant.requester.kind !== "app" || !grant.userId) throw new OAuthError("invalid_grant", "the device code is invalid or already used");
  const user = await findUserById(app.db, grant.userId);
  if (!user || isBanned(app, user)) throw new OAuthError("invalid_grant", "the person can no longer sign in");
  // Between approval and this poll the rules or the membership may have changed: checked again.
  if (!(await mayApprove(app, client, user))) throw new OAuthError("access_denied", "this app is not open to this account");
  const signIn = grant.facts as unknown as SignInFacts;
  return issueTokens(app, { client, user, scopes: grant.requester.scopes, signIn, audience: audienceFor(app, undefined) });
}
