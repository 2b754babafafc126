import { apiError } from "../../../shared/errors.js";
import { mayReceiveJwt } from "../../core/credentials/powers.js";
import { defineHandlers } from "../../http/handler.js";
import { toUser } from "../../core/user/wire.js";
import { publicJwks } from "../../core/signing-keys/keys.js";
import { assertJwtEnabled, signUserJwt } from "./service.js";

export const jwtHandlers = defineHandlers({
  getToken: async (ctx) => {
    assertJwtEnabled(ctx.app);
    if (!mayReceiveJwt(ctx.auth)) throw apiError("API_KEY_NOT_ALLOWED");
    return { token: await signUserJwt(ctx.app, toUser(ctx.auth.user)) };
  },
  getJwks: async (ctx) => {
    // The OpenID provider's ID tokens verify against the same /jwks (features/oauth-provider).
    if (!ctx.app.config.oauthProvider.enabled) assertJwtEnabled(ctx.app);
    return { keys: await publicJwks(ctx.app) };
  },
});
