/**
 * The endpoints a captcha guards (better-auth's captcha plugin guards sign-up, sign-in and the
 * reset request; issue 40 adds every mail a stranger can make the server send): each creates an
 * account, tries a password, or sends a mail to an address the caller typed.
 */
import type { EndpointName } from "../../../shared/contract/index.js";

export const CAPTCHA_ENDPOINTS: readonly EndpointName[] = [
  "signUpEmail",
  "signInEmail",
  "signInUsername",
  "forgetPassword",
  "requestPasswordReset",
  "sendVerificationEmail",
  "signInMagicLink",
  "emailOtpSendVerificationOtp",
  "emailOtpRequestPasswordReset",
];

/** Endpoints guarded only for a caller who is not signed in: there they start a sign-up (a passkey-first account). */
export const CAPTCHA_ENDPOINTS_SIGNED_OUT: readonly EndpointName[] = ["passkeyGenerateRegisterOptions"];
