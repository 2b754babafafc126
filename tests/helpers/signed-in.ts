/**
 * A sign-in answer is a union (shared/contract/two-factor.ts): signed in, or held for a second
 * factor. Tests that sign in a user without two-factor take the signed-in side here, and fail
 * loudly if the server held the user instead.
 */
import type { SignedInOr } from "../../shared/contract/two-factor.js";

export function signedIn<T>(answer: SignedInOr<T>): T {
  if (answer.twoFactorRedirect) throw new Error(`expected a session, the server asked for a second factor (${answer.twoFactorMethods.join(", ")})`);
  return answer;
}
