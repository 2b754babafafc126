/**
 * A captcha at the command line (issue 40): a protected call (sign-in, the email-code send) is
 * made as it is; if the server answers `400 MISSING_RESPONSE`, an ALTCHA challenge is fetched and
 * solved here with altcha-lib (docs/benchmarks.md has the time per difficulty), and the call is
 * made again with the answer. Nothing is asked of a server without a captcha. A service captcha
 * (Turnstile, hCaptcha, reCAPTCHA) needs its widget in a browser: the person is pointed at
 * `auth login --device`, whose approval page in the browser passes it.
 */
import { ClientError } from "../shared/client/client-error.js";
import type { CallOptions, LatchkeyClient } from "../shared/client/client-core.js";
import { CliError, EXIT } from "./exit-codes.js";
import { text } from "./i18n/index.js";
import { withSpinner, type OutputOptions } from "./output.js";

/** The widget's answer (base64 JSON) for a fresh challenge from the server. */
async function solveAltcha(client: LatchkeyClient): Promise<string> {
  const challenge = await client.captchaChallenge();
  const { solveChallenge } = await import("altcha-lib/v1");
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new CliError(text("login", "captchaUnsolved"), EXIT.FAILURE, "VERIFICATION_FAILED");
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** Runs `call`; when the server asks for a captcha, solves ALTCHA and runs it once more with the answer. */
export async function withCaptcha<T>(client: LatchkeyClient, flags: OutputOptions, call: (options: CallOptions) => Promise<T>): Promise<T> {
  try {
    return await call({});
  } catch (error) {
    if (!(error instanceof ClientError) || error.code !== "MISSING_RESPONSE") throw error;
  }
  const { provider } = await client.captchaSettings();
  if (provider !== "altcha") throw new CliError(text("login", "captchaNeedsBrowser", { provider: provider ?? "?" }), EXIT.USAGE, "CAPTCHA_NEEDS_BROWSER");
  const captchaResponse = await withSpinner(flags, text("login", "verifyingHuman"), () => solveAltcha(client));
  return call({ captchaResponse });
}
