/**
 * The API key's part in every request (http/route-hooks.ts): an `x-api-key` header is a credential
 * of its own, and whatever the request does as its caller runs inside the key's scope, so every
 * permission check intersects the key's permissions with its user's rights.
 */
import type { RouteHook } from "../../http/route-hooks.js";
import { runWithKeyScope } from "../../core/credentials/key-scope.js";
import { apiKeyOf, authenticateApiKey } from "./authenticate.js";

export const apiKeyHook: RouteHook = (app, _name, spec) => ({
  credential: {
    read: (headers) => apiKeyOf(headers),
    async authenticate(key, meta) {
      return { ...(await authenticateApiKey(app, key, spec, meta)), kind: "api-key" };
    },
  },
  asCaller: (auth, run) => (auth.apiKey ? runWithKeyScope(auth.apiKey, run) : run()),
});
