/**
 * better-auth's jwt plugin hooks get-session: its answer carries a `set-auth-jwt` header
 * (http/route-hooks.ts), unless the caller may not receive a JWT (core/credentials/powers.ts).
 */
import type { RouteHook } from "../../http/route-hooks.js";
import { mayReceiveJwt } from "../../core/credentials/powers.js";
import { setAuthJwt } from "./header.js";

export const jwtHook: RouteHook = (app, name) =>
  name === "getSession"
    ? {
        async onAnswer(result, auth, setHeader) {
          if (!auth || mayReceiveJwt(auth)) await setAuthJwt(app, result, setHeader);
        },
      }
    : undefined;
