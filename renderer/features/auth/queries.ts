/**
 * The sign-in area's server calls: sign in (email or username), sign up, the password-reset
 * pair and the verification mail. Screens use these hooks only.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { withCaptcha } from "./captcha-queries";
import { desktop, isDesktop } from "../../app/desktop";
import { isLanguageTag } from "../../../shared/languages";
import { i18next } from "../../i18n";

/** Where mailed links send the browser back to (paths under the console). */
export const RESET_PASSWORD_CALLBACK = "/console/reset-password";
export const VERIFY_EMAIL_CALLBACK = "/console/verify-email";

export interface SignInInput {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

/** An identifier with "@" is an email; anything else is a username. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}

export function useSignIn() {
  return useMutation({
    // callbackURL: where the verification link goes if the server resends one (unverified email).
    mutationFn: ({ identifier, password, rememberMe }: SignInInput) => {
      const value = identifier.trim();
      return isEmailIdentifier(value)
        ? withCaptcha((options) => api.signInEmail({ email: value, password, rememberMe, callbackURL: VERIFY_EMAIL_CALLBACK }, options))
        : withCaptcha((options) => api.signInUsername({ username: value, password, rememberMe, callbackURL: VERIFY_EMAIL_CALLBACK }, options));
    },
  });
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  username?: string | undefined;
}

export function useSignUp() {
  return useMutation({
    mutationFn: ({ name, email, password, username }: SignUpInput) =>
      withCaptcha((options) =>
        api.signUpEmail(
          {
        name: name.trim(),
        email: email.trim(),
        password,
        ...(username?.trim() ? { username: username.trim() } : {}),
        // The language the person signed up in becomes theirs (mail included), until they change it.
        ...(isLanguageTag(i18next.language) ? { language: i18next.language } : {}),
        callbackURL: VERIFY_EMAIL_CALLBACK,
          },
          options,
        ),
      ),
  });
}

/**
 * Passkey-first sign-up (docs/passwordless.md#passkey-first-accounts): the account is named in
 * `context`, created by the passkey and signed in at once. Null session: the server wants the
 * address verified first (a link is on its way).
 */
export async function passkeySignUp(input: { name: string; email: string }): Promise<{ signedIn: boolean; email: string }> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const email = input.email.trim();
  const options = await withCaptcha((call) => api.passkeyGenerateRegisterOptions({ context: JSON.stringify({ email, name: input.name.trim() }), name: email }, call));
  const response = await startRegistration({ optionsJSON: options as never });
  const answer = await api.passkeyVerifyRegistration({ response: response as never, createSession: true });
  return { signedIn: "session" in answer, email };
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => withCaptcha((options) => api.requestPasswordReset({ email: email.trim(), redirectTo: RESET_PASSWORD_CALLBACK }, options)),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { newPassword: string; token: string }) => api.resetPassword(input),
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) => withCaptcha((options) => api.sendVerificationEmail({ email, callbackURL: VERIFY_EMAIL_CALLBACK }, options)),
  });
}

/** Electron: the server this window signs in to (absent in a browser). */
export function useActiveServer() {
  return useQuery({
    queryKey: ["desktop", "active-server"],
    queryFn: async () => (desktop ? await desktop.activeServer() : null),
    enabled: isDesktop,
    staleTime: Infinity,
  });
}

/**
 * Electron: "Sign in with your browser". Main opens the server's sign-in page in the system
 * browser and resolves once it holds the session (electron/main/browser-sign-in.ts); the page
 * never sees the code, the verifier or the token.
 */
export function useBrowserSignIn() {
  return useMutation({
    mutationFn: async () => {
      if (!desktop) throw new Error("Only the desktop app signs in through the browser");
      return desktop.signInWithBrowser();
    },
  });
}

// Social sign-in (components/social-sign-in.tsx, and the account page's link buttons).

export interface SocialProvider {
  id: string;
  /** Shown on the button: "Continue with {{name}}". */
  name: string;
}

export const providersKey = ["social", "providers"] as const;

/** The server's configured providers (ids and names; never settings). Empty in the desktop app. */
export function useSocialProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: async () => (await api.listProviders()).providers,
    staleTime: 5 * 60_000,
    enabled: !isDesktop,
  });
}

/** Start a sign-in (or, with `link`, a link for the signed-in user) and leave for the provider. */
export function useStartSocial() {
  return useMutation({
    mutationFn: async (input: { provider: string; callbackURL: string; errorCallbackURL: string; link?: boolean }) => {
      const answer = input.link
        ? await api.linkSocial({ provider: input.provider, callbackURL: input.callbackURL, errorCallbackURL: input.errorCallbackURL, disableRedirect: true })
        : await api.signInSocial({ provider: input.provider, callbackURL: input.callbackURL, errorCallbackURL: input.errorCallbackURL, disableRedirect: true });
      if ("url" in answer && typeof answer.url === "string" && answer.url) window.location.assign(answer.url);
      return answer;
    },
  });
}

/** The methods of a second step the server holds a sign-in at. */
export type SecondStepMethods = Array<"totp" | "otp">;

/** Passkey sign-in: null when signed in; the second step's methods when the server holds it there. */
export async function passkeySignIn(autofill: boolean): Promise<SecondStepMethods | null> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await api.passkeyGenerateAuthenticateOptions({});
  const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  const answer = await api.passkeyVerifyAuthentication({ response: response as never });
  return answer.twoFactorRedirect ? (answer.twoFactorMethods ?? []) : null;
}

/** Second step: mail a one-time code. */
export async function sendSecondStepCode(): Promise<void> {
  await api.twoFactorSendOtp({});
}

/** Second step: check a code from the app, a backup code or a mailed code. */
export async function verifySecondStep(method: "totp" | "backup" | "otp", code: string, trustDevice: boolean): Promise<void> {
  if (method === "totp") await api.twoFactorVerifyTotp({ code, trustDevice });
  else if (method === "backup") await api.twoFactorVerifyBackupCode({ code, trustDevice });
  else await api.twoFactorVerifyOtp({ code, trustDevice });
}

// Passwordless sign-in (components/passwordless-sign-in.tsx, docs/passwordless.md).

/** Which mailed ways in the server offers (GET /providers also says this); both off until it answers. */
export function usePasswordlessMethods() {
  return useQuery({
    queryKey: ["sign-in", "passwordless"],
    queryFn: async () => {
      const answer = await api.listProviders();
      return { magicLink: answer.magicLink, emailOTP: answer.emailOTP, passkeySignUp: answer.passkeySignUp };
    },
    staleTime: 5 * 60_000,
  });
}

/** Whether the server offers enterprise single sign-on (GET /providers says `sso`). */
export function useSsoOffered() {
  return useQuery({ queryKey: ["sign-in", "sso"], queryFn: async () => (await api.listProviders()).sso, staleTime: 5 * 60_000 });
}

/** The identity provider's URL for an address (its organization's, by verified domain). */
export async function startSso(input: { email: string; callbackURL: string; errorCallbackURL: string }): Promise<string> {
  return (await api.signInSSO(input)).url;
}

/** The ways a page mails a link, mails a code and signs in with it (the desktop hand-off has its own). */
export interface PasswordlessCalls {
  /** Absent where no link is offered. */
  sendLink?: (email: string) => Promise<void>;
  sendCode(email: string): Promise<void>;
  /** null when signed in; the second step's methods when the server holds the sign-in there. */
  signInWithCode(email: string, otp: string): Promise<SecondStepMethods | null>;
}

/** The console's: the link comes back to `callbackURL` (a console path, or an app's waiting request). */
export function consolePasswordless(callbackURL: string): PasswordlessCalls {
  return {
    sendLink: async (email) => {
      await withCaptcha((options) => api.signInMagicLink({ email, callbackURL, errorCallbackURL: "/console/sign-in?reason=link-failed" }, options));
    },
    sendCode: async (email) => {
      await withCaptcha((options) => api.emailOtpSendVerificationOtp({ email, type: "sign-in" }, options));
    },
    signInWithCode: async (email, otp) => {
      const answer = await api.signInEmailOtp({ email, otp });
      return "twoFactorRedirect" in answer && answer.twoFactorRedirect ? (answer.twoFactorMethods ?? []) : null;
    },
  };
}
