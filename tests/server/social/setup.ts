/** One IdP + one Latchkey server configured with it: google (endpoints overridden) and a generic OIDC provider by discovery. */
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import type { ConfigInput } from "../../../server/config.js";
import { startIdp, TestBrowser, type TestIdp } from "./support.js";

export interface SocialWorld {
  idp: TestIdp;
  server: TestServer;
  close(): Promise<void>;
}

export async function startSocialWorld(extra: (idp: TestIdp) => ConfigInput = () => ({})): Promise<SocialWorld> {
  const idp = await startIdp();
  const base: ConfigInput = {
    socialProviders: { google: { clientId: idp.clientId, clientSecret: idp.clientSecret, endpoints: idp.endpoints } },
    genericOAuth: [
      { providerId: "corp", name: "Corp SSO", discoveryUrl: idp.discoveryUrl, clientId: idp.clientId, clientSecret: idp.clientSecret, clientAuthentication: "client_secret_post" },
      { providerId: "corp-post", discoveryUrl: idp.discoveryUrl, clientId: idp.clientId, clientSecret: idp.clientSecret, clientAuthentication: "client_secret_post", responseMode: "form_post" },
    ],
  };
  const more = extra(idp);
  const server = await startTestServer({ config: { ...base, ...more } });
  // core-sso: the enterprise SSO provider the sign-in core's scenarios register (tests/server/core/sign-in-core.test.ts).
  idp.allow([...["google", "corp", "corp-post"].flatMap((id) => [`${server.api}/callback/${id}`, `${server.api}/oauth2/callback/${id}`]), `${server.api}/sso/callback/core-sso`]);
  return {
    idp,
    server,
    async close() {
      await server.close();
      await idp.close();
    },
  };
}

/** Start a sign-in from a fresh browser; returns the browser and the provider's authorize URL. */
export async function beginSignIn(world: SocialWorld, body: Record<string, unknown>, browser = new TestBrowser()) {
  const response = await browser.request(`${world.server.api}/sign-in/social`, { method: "POST", json: body });
  const answer = (await response.json()) as { url: string; redirect: boolean };
  if (response.status !== 200) throw new Error(`sign-in/social answered ${response.status}: ${JSON.stringify(answer)}`);
  return { browser, url: answer.url, answer };
}

/** Drive the IdP until the browser is sent back to Latchkey's callback; the callback URL (not yet requested). */
export async function untilCallback(world: SocialWorld, browser: TestBrowser, url: string): Promise<string> {
  const { url: at } = await browser.navigate(url, (u) => u.startsWith(`${world.server.api}/callback/`) || u.startsWith(`${world.server.api}/oauth2/callback/`));
  return at;
}

/** Follow a URL to the end inside Latchkey (stops when leaving the API for a page). */
export async function finish(world: SocialWorld, browser: TestBrowser, url: string) {
  return browser.navigate(url, (u) => !u.startsWith(world.server.api) && u.startsWith(world.server.url));
}

export async function sessionOf(world: SocialWorld, browser: TestBrowser) {
  const response = await browser.request(`${world.server.api}/get-session`);
  return (await response.json()) as { user: { id: string; email: string; emailVerified: boolean; name: string } } | null;
}
