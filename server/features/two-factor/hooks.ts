/**
 * `twoFactor.requiredForRoles` on every request with a session (http/route-hooks.ts): a user who
 * must set up two-factor first reaches only the setup routes (core/sign-in/two-factor-policy.ts).
 */
import type { RouteHook } from "../../http/route-hooks.js";
import { enforceTwoFactorPolicy } from "../../core/sign-in/two-factor-policy.js";

export const twoFactorPolicyHook: RouteHook = (app, _name, spec) => ({
  afterAuth: (auth) => enforceTwoFactorPolicy(app, auth, spec.path),
});
