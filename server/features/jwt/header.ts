/**
 * better-auth's jwt plugin answers get-session with a `set-auth-jwt` header holding a fresh JWT for
 * the session's user. A failure to sign (e.g. a signing key sealed under another secret) is logged
 * and the header left out: get-session itself must not fail for it.
 */
import type { SessionWithUser } from "../../../shared/contract/schemas.js";
import type { AppContext } from "../../context.js";
import { signUserJwt } from "./service.js";

export async function setAuthJwt(app: AppContext, result: unknown, setHeader: (name: string, value: string) => void): Promise<void> {
  if (!app.config.jwt.enabled || !app.config.jwt.setAuthJwtHeader) return;
  const user = (result as SessionWithUser | null)?.user;
  if (!user) return;
  try {
    setHeader("set-auth-jwt", await signUserJwt(app, user));
  } catch (error) {
    app.log.error({ err: (error as Error).message }, "could not sign the set-auth-jwt token");
  }
}
