/**
 * RFC 8707 resource indicators: the API an access token is for, written in its `aud`. A token
 * whose `aud` named the calling client let any API that checks signature and scope accept a
 * token minted for some other app (issue 32, finding 1); now the audience is an API the operator
 * listed (`oauthProvider.resources`) or the configured default (the issuer when unset: the token
 * is then for Latchkey's own userinfo).
 */
import type { AppContext } from "../../context.js";
import { issuerOf } from "./discovery.js";
import { OAuthError } from "./oauth-error.js";

/** The `aud` for a request that named `resource` (or none); an unlisted resource is `invalid_target`. */
export function audienceFor(app: AppContext, resource: string | undefined): string {
  if (resource === undefined) return app.config.oauthProvider.defaultAudience ?? issuerOf(app);
  if (!app.config.oauthProvider.resources.includes(resource)) throw new OAuthError("invalid_target", "resource is not an API this server issues tokens for");
  return resource;
}
