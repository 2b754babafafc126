/** SSO handlers: input → service → answer (features/sso/service.ts holds the rules). */
import type { Contract } from "../../../shared/contract/index.js";
import { defineHandlers, Redirect, TextDocument, type HandlerContext } from "../../http/handler.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { secondStepRedirect } from "../../core/sign-in/second-step-page.js";
import { withQuery } from "../../core/verification/links.js";
import * as service from "./service.js";
import type { CallbackResult } from "./person.js";
import { receiveResponse, resumeSignIn } from "./saml-sign-in.js";
import { samlMetadata } from "./service.js";
import { completeCallback, startSignIn } from "./sign-in.js";
import { toProvider } from "./wire.js";
import { parseDomains } from "./config.js";
import { recordsToPublish } from "./domain.js";

// Provider changes run as one change with their audit event (audit/change.ts): the discovery
// fetch and DNS lookups come before the first write, so they hold no transaction open.
export const ssoHandlers = defineHandlers({
  registerSSOProvider: async (ctx) =>
    ctx.change(async () => {
      const { row, token } = await service.registerProvider(ctx.app, ctx.auth.user, ctx.body, ctx.audit);
      // Unlike better-auth, the answer never carries the client secret back.
      const records = token ? { domainVerificationToken: token, domainVerificationRecords: recordsToPublish(ctx.app, row.providerId, parseDomains(row.domain) ?? [], token) } : {};
      return { ...toProvider(ctx.app, row), ...records };
    }),
  listSSOProviders: async (ctx) => ({ providers: (await service.listProviders(ctx.app, ctx.auth.user)).map((row) => toProvider(ctx.app, row)) }),
  getSSOProvider: async (ctx) => toProvider(ctx.app, await service.providerFor(ctx.app, ctx.auth.user, ctx.query.providerId)),
  updateSSOProvider: async (ctx) => ctx.change(async () => toProvider(ctx.app, await service.updateProvider(ctx.app, ctx.auth.user, ctx.body, ctx.audit))),
  deleteSSOProvider: async (ctx) =>
    ctx.change(async () => {
      await service.deleteProvider(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit);
      return { success: true };
    }),
  requestDomainVerification: async (ctx) => {
    const { row, token } = await service.requestDomainVerification(ctx.app, ctx.auth.user, ctx.body.providerId);
    return { domainVerificationToken: token, domainVerificationRecords: recordsToPublish(ctx.app, row.providerId, parseDomains(row.domain) ?? [], token) };
  },
  verifyDomain: async (ctx) =>
    ctx.change(async () => {
      await service.verifyDomainByDns(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit);
      return { success: true };
    }),
  markSSODomainVerified: async (ctx) => ctx.change(async () => toProvider(ctx.app, await service.verifyDomainByHand(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit))),

  signInSSO: async (ctx) => ({ url: await startSignIn(ctx.app, ctx.browser, ctx.body, ctx.handOff.requested), redirect: true as const }),

  ssoCallback: async (ctx) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(ctx.query)) if (typeof value === "string") params.set(key, value);
    return finishSignIn(ctx, await completeCallback(ctx.app, ctx.browser, ctx.params.providerId, params));
  },

  ssoSamlMetadata: async (ctx) => new TextDocument(await samlMetadata(ctx.app, ctx.query.providerId), "application/xml; charset=utf-8"),
  ssoSamlAcs: async (ctx) => {
    const outcome = await receiveResponse(ctx.app, ctx.params.providerId, ctx.body.SAMLResponse, ctx.body.RelayState);
    if (outcome.kind === "error") return errorRedirect(ctx.app.apiURL, outcome);
    return new Redirect(outcome.to);
  },
  ssoSamlAcsResume: async (ctx) => finishSignIn(ctx, await resumeSignIn(ctx.app, ctx.browser, ctx.params.providerId, ctx.query.SAMLState)),
});

function errorRedirect(apiURL: string, result: { errorURL?: string; error: string; description?: string }): Redirect {
  return new Redirect(withQuery(result.errorURL ?? `${apiURL}/error`, { error: result.error, ...(result.description ? { error_description: result.description } : {}) }));
}

/** The end of every SSO sign-in, OpenID or SAML: audit what the sign-in did, then completeSignIn. */
async function finishSignIn(ctx: HandlerContext<Contract["ssoCallback"]> | HandlerContext<Contract["ssoSamlAcsResume"]>, result: CallbackResult): Promise<Redirect> {
  if (result.kind === "error") return errorRedirect(ctx.app.apiURL, result);
  const { user, row } = result;
  const provider = row.providerId;
  if (result.isNewUser) ctx.audit({ action: "user.sign-up", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "sso", provider } });
  if (result.linked) ctx.audit({ action: "account.link", actorId: user.id, targetId: user.id, targetType: "user", metadata: { provider, automatic: true } });
  if (result.joined) {
    ctx.audit({ action: "organization.member-add", actorId: user.id, targetId: user.id, targetType: "member", organizationId: row.organizationId, metadata: { role: result.joined, via: "sso", provider } });
  }
  let outcome;
  try {
    // The provider's own second factor (amr, AuthnContextClassRef) stands for Latchkey's; otherwise a two-factor user is held.
    const carry = result.desktopHandOff ? { desktopHandOff: result.desktopHandOff } : undefined;
    outcome = await completeSignIn(ctx, user, { method: `sso:${provider}`, provesTwoFactors: result.provesMfa, audit: { provider, amrMfa: result.provesMfa }, carry });
  } catch (problem) {
    const code = (problem as { code?: string }).code ?? "unable_to_create_session";
    return new Redirect(withQuery(result.errorURL ?? `${ctx.app.apiURL}/error`, { error: code }));
  }
  if (outcome.held) return new Redirect(secondStepRedirect(ctx.app, outcome.answer, result.to));
  return new Redirect(result.to);
}
