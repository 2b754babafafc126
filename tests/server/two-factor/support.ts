/** Helpers for the two-factor suites: better-auth's client in a cookie-keeping tab, TOTP codes at chosen times. */
import { createAuthClient } from "better-auth/client";
import { twoFactorClient } from "better-auth/client/plugins";
import { generateSync } from "otplib";
import { expect } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import type { TestServer } from "../../helpers/test-server.js";

/** `origin`: the page's origin (the server's own by default; its https public URL in cookie-prefix tests). */
export function browserTab(server: TestServer, origin = server.url) {
  const jar = createCookieFetch(origin);
  const client = createAuthClient({ baseURL: server.url, plugins: [twoFactorClient()], fetchOptions: { customFetchImpl: jar.fetch } });
  return { client, jar };
}

export type Tab = ReturnType<typeof browserTab>;

/** The TOTP code an authenticator app shows at `ms`. */
export function totpAt(secret: string, ms: number): string {
  return generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });
}

/** enable's answer for method "totp" (better-auth types it as a union with the "otp" answer). */
export function totpOf(data: unknown): { totpURI: string; backupCodes: string[] } {
  const answer = data as { totpURI?: string; backupCodes?: string[] };
  expect(answer.totpURI).toBeTypeOf("string");
  return answer as { totpURI: string; backupCodes: string[] };
}

export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret");
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  return secret!;
}

let counter = 0;

/**
 * A new user with TOTP on (setup finished with a first code), signed out again. The clock is
 * moved past the setup code's time step so the next code is a fresh one.
 */
export async function userWithTotp(server: TestServer, password = "password123", origin = server.url) {
  const email = `tf${counter++}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const tab = browserTab(server, origin);
  const signUp = await tab.client.signUp.email({ email, password, name: "Two Factor" });
  expect(signUp.error).toBeNull();
  const enabled = await tab.client.twoFactor.enable({ password });
  expect(enabled.error).toBeNull();
  const secret = secretOf(totpOf(enabled.data).totpURI);
  const verified = await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now()) });
  expect(verified.error).toBeNull();
  server.clock.advance(30_000);
  await tab.client.signOut();
  return { email, password, secret, userId: signUp.data!.user.id, backupCodes: totpOf(enabled.data).backupCodes };
}
