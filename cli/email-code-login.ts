/**
 * `auth login --email-code` (issue 37 item 8): the server mails a six-digit code
 * (POST /email-otp/send-verification-otp, type sign-in), the operator types it (or a script pipes
 * it with --otp-stdin), POST /sign-in/email-otp signs in. A two-factor account then takes the same
 * second step as a password sign-in (two-factor.ts), so --totp-stdin works here too: with both
 * flags, standard input holds two lines, the mailed code then the second-step code.
 *
 * The code is sent before standard input is read, so a script can fetch it and then pipe it in.
 */
import { withCaptcha } from "./captcha.js";
import { interactive, type GlobalFlags } from "./context.js";
import { CliError, EXIT } from "./exit-codes.js";
import { text } from "./i18n/index.js";
import { withSpinner } from "./output.js";
import { promptLine, readStdin } from "./prompt.js";
import { cookieClient, secondStep } from "./commands/two-factor.js";

interface EmailCodeFlags extends GlobalFlags {
  otpStdin?: boolean;
  totpStdin?: boolean;
}

/** The mailed code, and with --totp-stdin as well the second-step code on the next line. */
async function readCodes(flags: EmailCodeFlags, email: string): Promise<{ otp: string; code?: string }> {
  if (flags.otpStdin) {
    const [otp, code] = (await readStdin()).split(/\r?\n/).map((line) => line.trim());
    if (!otp) throw new CliError(text("login", "noMailedCode"), EXIT.USAGE, "OTP_REQUIRED");
    if (flags.totpStdin && !code) throw new CliError(text("login", "codeTwoLines"), EXIT.USAGE, "CODE_REQUIRED");
    return { otp, code: flags.totpStdin ? code : undefined };
  }
  if (!interactive(flags)) throw new CliError(text("login", "pipeMailedCode"), EXIT.USAGE, "OTP_REQUIRED");
  process.stderr.write(`${text("login", "codeSent", { email })}\n`);
  const otp = (await promptLine(text("login", "mailedCodePrompt"))).trim();
  if (!otp) throw new CliError(text("login", "noMailedCode"), EXIT.USAGE, "OTP_REQUIRED");
  return { otp };
}

export async function emailCodeSignIn(url: string, flags: EmailCodeFlags, email: string) {
  // Keeps cookies: a two-factor account is held at the second step by its signed cookie.
  const client = await cookieClient(url);
  await withSpinner(flags, text("login", "sendingCode"), () => withCaptcha(client, flags, (options) => client.emailOtpSendVerificationOtp({ email, type: "sign-in" }, options)));
  const { otp, code } = await readCodes(flags, email);
  const first = await withSpinner(flags, text("login", "signingIn"), () => client.signInEmailOtp({ email, otp }));
  if (!first.twoFactorRedirect) return { client, token: first.token, user: first.user };
  return { client, ...(await secondStep(client, flags, first.twoFactorMethods ?? [], code)) };
}
