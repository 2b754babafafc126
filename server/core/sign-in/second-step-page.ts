/**
 * Where a browser goes when a redirect sign-in (a social callback, a verification link) is held
 * at the second step: there is no page of the caller's to answer `{twoFactorRedirect}` to, so
 * the browser is sent to the page that asks for the code — `twoFactor.secondStepURL` when the
 * operator's own front end has one, else the console's sign-in page — with the methods and
 * where to go afterwards. The pending sign-in itself is in the signed two-factor cookie.
 */
import type { TwoFactorRedirect } from "../../../shared/contract/two-factor.js";
import type { AppContext } from "../../context.js";

const CONSOLE_PREFIX = "/console";

export function secondStepRedirect(app: AppContext, answer: TwoFactorRedirect, callbackURL: string | undefined): string {
  const configured = app.config.twoFactor.secondStepURL;
  if (configured) {
    const target = new URL(configured, app.baseURL);
    target.searchParams.set("twoFactorMethods", answer.twoFactorMethods.join(","));
    if (callbackURL) target.searchParams.set("callbackURL", callbackURL);
    return target.toString();
  }
  const target = new URL(`${CONSOLE_PREFIX}/sign-in`, app.baseURL);
  target.searchParams.set("reason", "second-step");
  target.searchParams.set("methods", answer.twoFactorMethods.join(","));
  const inConsole = callbackURL ? consolePathOf(app, callbackURL) : undefined;
  if (inConsole) target.searchParams.set("redirect", inConsole);
  // An app's request waiting on this sign-in (the OpenID provider's authorize endpoint): the
  // sign-in page's `return`, so the code leads back into the app's flow.
  const authorize = callbackURL ? authorizePathOf(app, callbackURL) : undefined;
  if (authorize) target.searchParams.set("return", authorize);
  return target.toString();
}

/** A same-origin callback to the OpenID provider's /oauth2/authorize, as a path with its query. */
function authorizePathOf(app: AppContext, callbackURL: string): string | undefined {
  const url = sameOrigin(app, callbackURL);
  return url && url.pathname === `${app.config.basePath}/oauth2/authorize` ? url.pathname + url.search : undefined;
}

function sameOrigin(app: AppContext, callbackURL: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(callbackURL, app.baseURL);
  } catch {
    return undefined;
  }
  return url.origin === new URL(app.baseURL).origin ? url : undefined;
}

/** A callback inside the console, as the console's own in-app path (its `redirect` parameter). */
function consolePathOf(app: AppContext, callbackURL: string): string | undefined {
  const url = sameOrigin(app, callbackURL);
  if (!url || !url.pathname.startsWith(`${CONSOLE_PREFIX}/`)) return undefined;
  return url.pathname.slice(CONSOLE_PREFIX.length) + url.search;
}
