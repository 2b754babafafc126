/**
 * The desktop hand-off's server calls (docs/desktop.md, "Signing in through the browser"). Every
 * call carries `?client_id&state&code_challenge` in its address, which is where the server looks
 * for them on sign-in, second-step and transfer routes; the shared client puts a POST's input in
 * the body only, so these calls go through a client of their own whose fetch adds the query.
 */
import { createLightClient } from "../../../shared/client/light";
import type { LatchkeyClient } from "../../../shared/client/client-core";
import { linkReturnPath, type HandOffParams } from "./hand-off-params";
import { isEmailIdentifier, VERIFY_EMAIL_CALLBACK, type PasswordlessCalls, type SecondStepMethods, type SignInInput } from "./queries";

function handOffClient(params: HandOffParams): LatchkeyClient {
  const query = new URLSearchParams({ client_id: params.clientId, state: params.state, code_challenge: params.codeChallenge }).toString();
  return createLightClient({
    baseURL: location.origin,
    credentials: "include",
    fetch: (input, init) => {
      const url = String(input);
      return fetch(`${url}${url.includes("?") ? "&" : "?"}${query}`, init);
    },
  });
}

/** The code the server adds to an answer once a session exists (absent while a second step is pending). */
function codeOf(answer: unknown): string | null {
  const code = answer && typeof answer === "object" ? (answer as { electron_authorization_code?: unknown }).electron_authorization_code : undefined;
  return typeof code === "string" && code ? code : null;
}

/** What a sign-in step ended with: a code for the app, or the second step's methods. */
export type HandOffStep = { code: string } | { secondStep: SecondStepMethods };

function stepOf(answer: unknown): HandOffStep {
  const held = answer as { twoFactorRedirect?: boolean; twoFactorMethods?: SecondStepMethods };
  if (held?.twoFactorRedirect) return { secondStep: held.twoFactorMethods ?? [] };
  const code = codeOf(answer);
  if (!code) throw new Error("The server answered without a desktop hand-off code.");
  return { code };
}

export async function handOffPasswordSignIn(params: HandOffParams, { identifier, password, rememberMe }: SignInInput): Promise<HandOffStep> {
  const client = handOffClient(params);
  const value = identifier.trim();
  const answer = isEmailIdentifier(value)
    ? await client.signInEmail({ email: value, password, rememberMe, callbackURL: VERIFY_EMAIL_CALLBACK })
    : await client.signInUsername({ username: value, password, rememberMe, callbackURL: VERIFY_EMAIL_CALLBACK });
  return stepOf(answer);
}

/** The second step that completes a held hand-off sign-in answers the code (the server kept the hand-off). */
export async function handOffVerifySecondStep(params: HandOffParams, method: "totp" | "backup" | "otp", code: string, trustDevice: boolean): Promise<string> {
  const client = handOffClient(params);
  const answer =
    method === "totp"
      ? await client.twoFactorVerifyTotp({ code, trustDevice })
      : method === "backup"
        ? await client.twoFactorVerifyBackupCode({ code, trustDevice })
        : await client.twoFactorVerifyOtp({ code, trustDevice });
  const issued = codeOf(answer);
  if (!issued) throw new Error("The server answered without a desktop hand-off code.");
  return issued;
}

export async function handOffPasskeySignIn(params: HandOffParams, autofill: boolean): Promise<HandOffStep> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const client = handOffClient(params);
  const options = await client.passkeyGenerateAuthenticateOptions({});
  const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  return stepOf(await client.passkeyVerifyAuthentication({ response: response as never }));
}

/** "Continue as …": the account signed in in this browser goes to the app. */
export async function handOffTransferUser(params: HandOffParams): Promise<string> {
  const answer = await handOffClient(params).electronTransferUser({});
  return answer.electron_authorization_code;
}

/** A social button's address: the server starts the provider round trip and ends on `?handoff=cookie`. */
export function handOffSocialURL(params: HandOffParams, provider: string): string {
  const query = new URLSearchParams({ provider, state: params.state, code_challenge: params.codeChallenge });
  return `${location.origin}/api/auth/electron/init-oauth-proxy?${query.toString()}`;
}

/** Where an SSO round trip started by the hand-off lands: the page that passes the cookie's code on (as a social one does). */
const HAND_OFF_RETURN = "/console/sign-in?handoff=cookie";

/**
 * An SSO sign-in for the app: the hand-off parameters ride on /sign-in/sso (the server keeps them
 * in the flow's state), the identity provider's round trip ends on `?handoff=cookie` with the code
 * in the page's cookie. A failure comes back to this hand-off (its address, which the page checks
 * again) with `?error=`.
 */
export async function handOffSsoURL(params: HandOffParams, email: string): Promise<string> {
  const again = new URLSearchParams({ client_id: params.clientId, state: params.state, code_challenge: params.codeChallenge, redirect_uri: params.redirectUri });
  const answer = await handOffClient(params).signInSSO({ email, callbackURL: HAND_OFF_RETURN, errorCallbackURL: `/console/sign-in?${again.toString()}` });
  return answer.url;
}

/**
 * Mailed codes and links sign in with the hand-off's parameters like a password does. The link
 * carries them into the mail (the server adds them to it), and its way back names the app's
 * address, since the tab that opens it is not this one (hand-off-params.ts, linkReturnPath).
 */
export function handOffPasswordless(params: HandOffParams, onCode: (code: string) => void): PasswordlessCalls {
  const client = handOffClient(params);
  return {
    sendLink: async (email) => {
      const back = linkReturnPath(params);
      await client.signInMagicLink({ email, callbackURL: back, errorCallbackURL: `${back}&reason=link-failed` });
    },
    sendCode: async (email) => {
      await client.emailOtpSendVerificationOtp({ email, type: "sign-in" });
    },
    signInWithCode: async (email, otp) => {
      const step = stepOf(await client.signInEmailOtp({ email, otp }));
      if ("secondStep" in step) return step.secondStep;
      onCode(step.code);
      return null;
    },
  };
}
