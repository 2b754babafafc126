import { defineHandlers, requireAuth } from "../../http/handler.js";
import { toUser } from "../../core/user/wire.js";
import { publicJwks } from "./keys.js";
import { assertJwtEnabled, signUserJwt } from "./service.js";

export const jwtHandlers = defineHandlers({
  getToken: async (ctx) => {
    assertJwtEnabled(ctx.app);
    return { token: await signUserJwt(ctx.app, toUser(requireAuth(ctx).user)) };
  },
  getJwks: async (ctx) => {
    assertJwtEnabled(ctx.app);
    return { keys: await publicJwks(ctx.app) };
  },
});
