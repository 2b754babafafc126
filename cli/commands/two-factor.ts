/**
 * `auth account 2fa enable | verify | disable | backup-codes`, and the second step of `auth login`
 * for accounts with two-factor on (a TOTP or backup code from the prompt, or `--totp-stdin`).
 */
import { withCaptcha } from "../captcha.js";
import type { Command } from "commander";
import type { LatchkeyClient } from "../../shared/client/index.js";
import { clientTarget, connect } from "../connection.js";
import { example, handler, interactive, type GlobalFlags } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, info, withSpinner } from "../output.js";
import { promptHidden, promptLine, readSecret, readStdin } from "../prompt.js";
import { text } from "../i18n/index.js";

interface LoginSecretFlags extends GlobalFlags {
  passwordStdin?: boolean;
  totpStdin?: boolean;
}

/**
 * The password, and with --totp-stdin the second-step code. With both flags, standard input holds
 * two lines: the password, then the code.
 */
export async function readLoginSecrets(flags: LoginSecretFlags): Promise<{ password: string; code?: string }> {
  if (flags.passwordStdin && flags.totpStdin) {
    const [password, code] = (await readStdin()).split(/\r?\n/);
    if (!password || !code) throw new CliError(text("twoFactor", "twoLines"), EXIT.USAGE, "PASSWORD_REQUIRED");
    return { password, code: code.trim() };
  }
  const password = await readSecret(flags, text("prompts", "password"));
  if (!flags.totpStdin) return { password };
  const code = (await readStdin()).split(/\r?\n/)[0]?.trim();
  if (!code) throw new CliError(text("twoFactor", "noCode"), EXIT.USAGE, "CODE_REQUIRED");
  return { password, code };
}

/**
 * A client that keeps the cookies the server sets (the signed two-factor cookie carries the
 * pending sign-in from the password step to the code step) and sends the Origin those
 * cookie-bearing requests need.
 */
export async function cookieClient(url: string): Promise<LatchkeyClient> {
  const [{ createLightClient }, { nodeFetch }] = await Promise.all([import("../../shared/client/light.js"), import("../http-transport.js")]);
  const cookies = new Map<string, string>();
  const origin = new URL(url).origin;
  const fetchWithCookies = (async (input: string | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = { ...((init.headers as Record<string, string> | undefined) ?? {}), origin };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await nodeFetch(input, { ...init, headers });
    // Several Set-Cookie lines arrive joined with ", "; our cookies use Max-Age, never Expires (no commas).
    for (const line of (response.headers.get("set-cookie") ?? "").split(/,\s*(?=[^;=\s]+=)/)) {
      const [pair] = line.split(";");
      const index = pair ? pair.indexOf("=") : -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0\b/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }) as typeof fetch;
  return createLightClient({ ...clientTarget(url), fetch: fetchWithCookies, headers: { "user-agent": "latchkey-cli" } });
}

type SignedIn = { token: string | null; user: { email: string; id: string } };

/** Email and password, then the second step when the server asks for one. */
export async function passwordSignIn(url: string, flags: LoginSecretFlags, email: string): Promise<SignedIn & { client: LatchkeyClient }> {
  const { password, code: piped } = await readLoginSecrets(flags);
  const client = await cookieClient(url);
  const first = await withSpinner(flags, text("login", "signingIn"), () => withCaptcha(client, flags, (options) => client.signInEmail({ email, password }, options)));
  if (!first.twoFactorRedirect) return { client, token: first.token, user: first.user };
  return { client, ...(await secondStep(client, flags, first.twoFactorMethods ?? [], piped)) };
}

/**
 * The second step, after any sign-in the server held there (password, or the browser sign-in of
 * `auth login --provider`): the code from `piped`, a prompt, or standard input with --totp-stdin.
 * `client` must be the cookie client that received the held answer (its two-factor cookie).
 */
export async function secondStep(client: LatchkeyClient, flags: LoginSecretFlags, methods: string[], piped?: string): Promise<SignedIn> {
  let code = piped;
  const byMail = !methods.includes("totp");
  if (byMail) await client.twoFactorSendOtp({});
  if (!code && flags.totpStdin) code = (await readStdin()).split(/\r?\n/)[0]?.trim();
  if (!code) {
    if (!interactive(flags)) throw new CliError(text("twoFactor", "pipeCode"), EXIT.USAGE, "CODE_REQUIRED");
    code = (await promptHidden(text("twoFactor", byMail ? "mailCode" : "appCode"))).trim();
  }
  // Six digits: TOTP (or the mailed code); anything else is taken as a backup code (xxxxx-xxxxx).
  const answer = /^\d{6}$/.test(code)
    ? await (byMail ? client.twoFactorVerifyOtp({ code }) : client.twoFactorVerifyTotp({ code }))
    : await client.twoFactorVerifyBackupCode({ code });
  return { token: answer.token ?? null, user: answer.user };
}

async function passwordOf(flags: LoginSecretFlags): Promise<string> {
  return readSecret(flags, text("prompts", "password"));
}

export function registerTwoFactorCommands(account: Command): void {
  const twoFactor = account.command("2fa").description("two-factor authentication for your account (authenticator app, backup codes)");
  example(
    twoFactor
      .command("enable")
      .description("set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code")
      .option("--password-stdin", "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)")
      .option("--issuer <name>", "name shown in the authenticator app"),
    "auth account 2fa enable",
    "printf %s \"$PW\" | auth account 2fa enable --password-stdin --json > setup.json",
  ).action(
    handler<{ passwordStdin?: boolean; issuer?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const password = await passwordOf(flags);
      const answer = await client.twoFactorEnable({ password, issuer: flags.issuer });
      const totpURI = answer.totpURI!;
      const backupCodes = answer.backupCodes ?? [];
      const secret = new URL(totpURI).searchParams.get("secret");
      const asksNow = interactive(flags) && !flags.passwordStdin;
      await emit(flags, { totpURI, secret, backupCodes, enabled: false }, async () => {
        const { toString } = await import("qrcode");
        process.stdout.write(await toString(totpURI, { type: "terminal", small: true }));
        info(text("twoFactor", "scan", { secret: secret ?? "" }));
        info(text("twoFactor", "backupCodes"));
        for (const code of backupCodes) process.stdout.write(`  ${code}\n`);
        if (!asksNow) info(text("twoFactor", "thenVerify"));
      });
      if (!asksNow || flags.json) return;
      const code = (await promptLine(text("twoFactor", "codeFromApp"))).trim();
      const verified = await client.twoFactorVerifyTotp({ code });
      info(text("twoFactor", verified.user.twoFactorEnabled ? "on" : "accepted"));
    }),
  );
  example(
    twoFactor.command("verify").argument("<code>", "the 6-digit code your authenticator app shows").description("finish `2fa enable`: two-factor turns on with the first correct code"),
    "auth account 2fa verify 123456",
  ).action(
    handler(async (flags, code: string) => {
      const { client } = await connect(flags);
      const answer = await client.twoFactorVerifyTotp({ code });
      await emit(flags, { enabled: answer.user.twoFactorEnabled, user: answer.user }, () => info(text("twoFactor", "on")));
    }),
  );
  example(
    twoFactor.command("disable").description("turn two-factor off (forgets the secret, the backup codes and trusted devices)").option("--password-stdin", "read the password from standard input"),
    "auth account 2fa disable",
  ).action(
    handler<{ passwordStdin?: boolean }>(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.twoFactorDisable({ password: await passwordOf(flags) });
      await emit(flags, answer, () => info(text("twoFactor", "off")));
    }),
  );
  example(
    twoFactor.command("backup-codes").description("replace your backup codes with 10 new ones, shown once").option("--password-stdin", "read the password from standard input"),
    "auth account 2fa backup-codes > codes.txt",
  ).action(
    handler<{ passwordStdin?: boolean }>(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.twoFactorGenerateBackupCodes({ password: await passwordOf(flags) });
      await emit(flags, { backupCodes: answer.backupCodes }, () => {
        info(text("twoFactor", "newBackupCodes"));
        for (const code of answer.backupCodes) process.stdout.write(`${code}\n`);
      });
    }),
  );
}

/** `auth admin users reset-2fa <user>`: an administrator turns a user's two-factor off (lost phone). */
export function registerAdminTwoFactorCommand(users: Command): void {
  example(
    users.command("reset-2fa").argument("<user>", "id or email").description("turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)"),
    "auth admin users reset-2fa ada@example.com --yes",
  ).action(
    handler(async (flags, ref: string) => {
      const { client } = await connect(flags);
      const { resolveUser } = await import("../resolve.js");
      const { confirm } = await import("../prompt.js");
      const target = await resolveUser(client, ref);
      await confirm(flags, text("twoFactor", "confirmReset", { email: target.email }));
      await client.adminResetTwoFactor({ userId: target.id });
      await emit(flags, { userId: target.id, email: target.email, twoFactorEnabled: false }, () => info(text("twoFactor", "resetDone", { email: target.email })));
    }),
  );
}
