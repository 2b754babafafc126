/** SSO handlers: input → service → answer (features/sso/service.ts holds the rules). */
import { defineHandlers } from "../../http/handler.js";
import * as service from "./service.js";
import { toProvider } from "./wire.js";

export const ssoHandlers = defineHandlers({
  registerSSOProvider: async (ctx) => {
    const { row, token } = await service.registerProvider(ctx.app, ctx.auth.user, ctx.body, ctx.audit);
    // Unlike better-auth, the answer never carries the client secret back.
    return { ...toProvider(ctx.app, row), ...(token ? { domainVerificationToken: token } : {}) };
  },
  listSSOProviders: async (ctx) => ({ providers: (await service.listProviders(ctx.app, ctx.auth.user)).map((row) => toProvider(ctx.app, row)) }),
  getSSOProvider: async (ctx) => toProvider(ctx.app, await service.providerFor(ctx.app, ctx.auth.user, ctx.query.providerId)),
  updateSSOProvider: async (ctx) => toProvider(ctx.app, await service.updateProvider(ctx.app, ctx.auth.user, ctx.body, ctx.audit)),
  deleteSSOProvider: async (ctx) => {
    await service.deleteProvider(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit);
    return { success: true };
  },
  requestDomainVerification: async (ctx) => ({ domainVerificationToken: await service.requestDomainVerification(ctx.app, ctx.auth.user, ctx.body.providerId) }),
  verifyDomain: async (ctx) => {
    await service.verifyDomainByDns(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit);
    return { success: true };
  },
  markSSODomainVerified: async (ctx) => toProvider(ctx.app, await service.verifyDomainByHand(ctx.app, ctx.auth.user, ctx.body.providerId, ctx.audit)),
});
