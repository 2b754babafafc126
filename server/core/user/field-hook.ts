/**
 * Configured `user.additionalFields` on every request (http/route-hooks.ts): every answer may
 * hold a user, so the whole request carries the definition, and the bodies that create or update
 * a user get their configured fields back after the contract stripped them. Nothing is bound
 * when no field is configured.
 */
import type { RouteHook } from "../../http/route-hooks.js";
import { applyUserFieldInput, runWithUserFields, userFieldModeOf, userFieldsOf } from "./additional-fields.js";

export const userFieldHook: RouteHook = (app, name) => {
  const fields = userFieldsOf(app.config);
  if (!fields) return undefined;
  const mode = userFieldModeOf(name);
  return {
    aroundRequest: (run) => runWithUserFields(fields, run),
    ...(mode ? { amendBody: (raw: unknown, parsed: Record<string, unknown>) => applyUserFieldInput(fields, mode, raw, parsed) } : {}),
  };
};
