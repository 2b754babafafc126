/**
 * better-auth's own client with its passwordless plugins (magicLinkClient, emailOTPClient) and
 * twoFactorClient, in a cookie-keeping tab: what a front end built on better-auth sends (issue 37).
 * The plugins infer their methods from the server's plugin types, which a Latchkey server does not
 * have, so the calls are typed here by hand after better-auth's documented client API.
 */
import { createAuthClient } from "better-auth/client";
import { emailOTPClient, magicLinkClient, twoFactorClient } from "better-auth/client/plugins";
import { createCookieFetch } from "./cookie-fetch.js";
import type { TestServer } from "./test-server.js";

type Answer<T = any> = Promise<{ data: T | null; error: { status: number; code?: string; message?: string } | null }>;

export interface PasswordlessClient {
  signIn: {
    email(input: { email: string; password: string }): Answer<any>;
    magicLink(input: { email: string; name?: string; callbackURL?: string; newUserCallbackURL?: string; errorCallbackURL?: string }): Answer<{ status: boolean }>;
    emailOtp(input: { email: string; otp: string; name?: string }): Answer<{ token: string; user: any }>;
  };
  magicLink: { verify(input: { query: { token: string; callbackURL?: string } }): Answer<{ token: string; user: any; session: any }> };
  emailOtp: {
    sendVerificationOtp(input: { email: string; type: "sign-in" | "email-verification" | "forget-password" }): Answer<{ success: boolean }>;
    checkVerificationOtp(input: { email: string; type: "sign-in" | "email-verification" | "forget-password"; otp: string }): Answer<{ success: boolean }>;
    verifyEmail(input: { email: string; otp: string }): Answer<{ status: boolean; token: string | null; user: any }>;
    requestPasswordReset(input: { email: string }): Answer<{ success: boolean }>;
    resetPassword(input: { email: string; otp: string; password: string }): Answer<{ success: boolean }>;
  };
  signUp: { email(input: { email: string; password: string; name: string }): Answer<{ token: string | null; user: any }> };
  getSession(): Answer<{ session: any; user: any } | null>;
}

export function passwordlessTab(server: TestServer) {
  const jar = createCookieFetch(server.url);
  const raw = createAuthClient({ baseURL: server.url, plugins: [magicLinkClient(), emailOTPClient(), twoFactorClient()], fetchOptions: { customFetchImpl: jar.fetch } });
  return { client: raw as unknown as PasswordlessClient, jar };
}

/** The newest mail of `kind` to `to` in the outbox. */
export async function latestMail(server: TestServer, to: string, kind: string) {
  const mails = (await server.outbox(to)).filter((mail) => mail.kind === kind);
  if (!mails[0]) throw new Error(`no ${kind} mail to ${to}`);
  return mails[0];
}

/**
 * Changes a run-time setting as an administrator's change would (a stored row, then a reload), so
 * the settings' own reload cannot put the old value back halfway through a test; `undefined`
 * removes the row (the configured value again).
 */
export async function setRuntimeSetting(server: TestServer, key: string, value: unknown): Promise<void> {
  const db = server.database.db;
  await db.deleteFrom("runtimeSetting").where("key", "=", key).execute();
  if (value !== undefined) await db.insertInto("runtimeSetting").values({ key, value: JSON.stringify(value), updatedAt: server.clock.now(), updatedBy: null }).execute();
  await server.app.context.settings!.reload();
}
