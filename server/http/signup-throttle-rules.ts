/**
 * Which requests the sign-up throttles count, and under which rules (docs/security.md "Sign-up
 * throttles"):
 * - sign-up: email sign-up; passkey-first sign-up's options call without a session; the magic
 *   link and the sign-in email code while they may create accounts (`disableSignUp` false). Those
 *   sends are counted whether or not the address has an account: counting only unknown addresses
 *   would answer 429 for exactly those, telling a stranger which addresses have accounts.
 * - verification mail: send-verification-email and email codes of type "email-verification".
 * Social and SSO sign-ups are not counted: the provider vouched for the person.
 */
import type { EndpointName } from "../../shared/contract/index.js";
import type { Config } from "../config.js";

export type ThrottleKind = "signUp" | "verificationMail";

/** The kind a request to `name` counts as, given its body and whether a session names the caller; undefined: not counted. */
export type KindOf = (body: Readonly<Record<string, unknown>>, signedIn: boolean) => ThrottleKind | undefined;

/** How `name` is counted on a server with these settings; undefined: never (the hook adds nothing to it). */
export function throttleKindOf(config: Config, name: EndpointName): KindOf | undefined {
  switch (name) {
    case "signUpEmail":
      return () => "signUp";
    case "passkeyGenerateRegisterOptions":
      return (_body, signedIn) => (signedIn ? undefined : "signUp"); // a signed-in person adding a passkey signs nobody up
    case "signInMagicLink":
      return config.magicLink.disableSignUp ? undefined : () => "signUp";
    case "emailOtpSendVerificationOtp":
      return (body) => (body.type === "email-verification" ? "verificationMail" : body.type === "sign-in" && !config.emailOTP.disableSignUp ? "signUp" : undefined);
    case "sendVerificationEmail":
      return () => "verificationMail";
    default:
      return undefined;
  }
}
