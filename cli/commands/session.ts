/** `auth login | logout | whoami` and `auth profile list | use | remove`: who the CLI acts as. */
import type { Command } from "commander";
import { connect, makeClient, normalizeUrl } from "../connection.js";
import { example, handler, interactive } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, renderDetails, wantsJson, warn, withSpinner } from "../output.js";
import { messages, say, text } from "../i18n/index.js";
import { loadProfiles, profileName, profilesPath, saveProfiles, updateProfile } from "../profiles.js";
import { confirm, promptLine } from "../prompt.js";

export function registerSessionCommands(program: Command): void {
  example(
    program
      .command("login")
      .description("sign in with email and password and save the session in a profile (file mode 0600)")
      .option("--email <email>", "account email (prompted on a terminal when missing)")
      .option("--password-stdin", "read the password from standard input instead of the masked prompt")
      .option("--totp-stdin", "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)")
      .option("--provider <name>", "sign in through a social provider in the system browser (see GET /providers), e.g. github")
      .option("--device", "no browser here (SSH): show a code and a QR code to approve from any browser's /console/device page")
      .option("--email-code", "sign in with a six-digit code mailed to --email instead of a password")
      .option("--otp-stdin", "with --email-code: read the mailed code from standard input (first line; the two-factor code on the next with --totp-stdin)"),
    "auth login --url http://127.0.0.1:3000 --email ops@example.com",
    "printf %s \"$OPS_PASSWORD\" | auth login --url https://auth.example.com --email ops@example.com --password-stdin --profile prod",
    "auth login --url https://auth.example.com --provider github",
    "auth login --url https://auth.example.com --device --profile prod",
    "auth login --url https://auth.example.com --email ops@example.com --email-code",
  ).action(
    handler<{ email?: string; passwordStdin?: boolean; totpStdin?: boolean; provider?: string; device?: boolean; emailCode?: boolean; otpStdin?: boolean }>(async (flags) => {
      if (flags.emailCode && (flags.passwordStdin || flags.provider || flags.device)) throw new CliError(text("login", "emailCodeAlone"), EXIT.USAGE, "EMAIL_CODE_CONFLICT");
      if (flags.otpStdin && !flags.emailCode) throw new CliError(text("login", "otpStdinAlone"), EXIT.USAGE, "EMAIL_CODE_CONFLICT");
      if (flags.device && (flags.email || flags.provider || flags.passwordStdin || flags.totpStdin)) throw new CliError(text("login", "deviceAlone"), EXIT.USAGE, "DEVICE_CONFLICT");
      const file = loadProfiles();
      const name = profileName(flags.profile, file);
      const rawUrl = flags.url || process.env.AUTH_URL || file.profiles[name]?.url || (file.current ? file.profiles[file.current]?.url : undefined);
      if (!rawUrl) throw new CliError(text("login", "whichServer"), EXIT.USAGE, "NO_SERVER");
      const url = normalizeUrl(rawUrl);
      // The browser sign-in keeps cookies: a two-factor account is held at the second step (its cookie).
      const client = flags.provider ? await (await import("./two-factor.js")).cookieClient(url) : await makeClient(url);
      let result: { token: string | null; user: { email: string; id: string } };
      if (flags.device) {
        // Approved in any browser; the answer is a session token like a password sign-in's.
        result = await (await import("../device-login.js")).deviceLogin(client, { human: !wantsJson(flags) });
      } else if (flags.provider) {
        // Browser round trip with a loopback redirect (cli/social-login.ts); no password involved.
        const { socialLogin } = await import("../social-login.js");
        const answer = await socialLogin(client, { provider: flags.provider, say: (message) => process.stderr.write(`${message}\n`) });
        result = answer.twoFactorRedirect ? await (await import("./two-factor.js")).secondStep(client, flags, answer.twoFactorMethods ?? []) : answer;
      } else {
      let email = flags.email;
      if (!email) {
        if (!interactive(flags) || flags.passwordStdin || flags.otpStdin) throw new CliError(text("login", "passEmail"), EXIT.USAGE, "EMAIL_REQUIRED");
        email = (await promptLine(text("prompts", "email"))).trim();
        if (!email) throw new CliError(text("login", "emailEmpty"), EXIT.USAGE, "EMAIL_REQUIRED");
      }
      // A mailed code or the password, then the second step for two-factor accounts (prompt or
      // --totp-stdin): email-code-login.ts and two-factor.ts share it.
      result = flags.emailCode
        ? await (await import("../email-code-login.js")).emailCodeSignIn(url, flags, email)
        : await (await import("./two-factor.js")).passwordSignIn(url, flags, email);
      }
      const token = client.token ?? result.token ?? undefined;
      const previous = file.profiles[name];
      if (previous?.token && previous.token !== token && normalizeUrl(previous.url) === url) {
        // Signing in again replaces the profile's session: end the old one instead of orphaning it.
        await (await makeClient(url, previous.token)).signOut({}).catch(() => undefined);
      }
      const hadCurrent = Boolean(file.current);
      updateProfile(
        name,
        (previous) => ({ ...previous, url, token, email: result.user.email, userId: result.user.id, organizationId: undefined, savedAt: new Date().toISOString() }),
        !hadCurrent,
      );
      await emit(flags, { profile: name, url, user: result.user }, () => info(say("done", "signedIn", { url, email: result.user.email, profile: name })));
    }),
  );

  example(
    program.command("logout").description("end the session on the server and forget its token"),
    "auth logout",
    "auth logout --profile prod",
  ).action(
    handler(async (flags) => {
      const file = loadProfiles();
      const name = profileName(flags.profile, file);
      const profile = file.profiles[name];
      if (!profile?.token) {
        await emit(flags, { profile: name, signedOut: false, revoked: false }, () => info(text("login", "notSignedInProfile", { name })));
        return;
      }
      let revoked = false;
      try {
        const client = await makeClient(normalizeUrl(profile.url), profile.token);
        await client.signOut({});
        revoked = true;
      } catch (error) {
        warn(text("login", "logoutFailed", { reason: (error as Error).message }));
      }
      updateProfile(name, (previous) => (previous ? { ...previous, token: undefined, organizationId: undefined } : previous));
      await emit(flags, { profile: name, signedOut: true, revoked }, () => info(say("done", "signedOut", { url: profile.url, profile: name })));
    }),
  );

  example(
    program.command("whoami").description("show the signed-in user and session (exit 3 if the session expired or was revoked)"),
    "auth whoami",
    "auth whoami --json | jq -r .user.email",
  ).action(
    handler(async (flags) => {
      const connection = await connect(flags);
      const answer = await withSpinner(flags, messages().progress.checkingSession, () => connection.client.getSession({ disableRefresh: true }));
      if (!answer) throw new CliError(messages().failures.sessionExpired, EXIT.NOT_SIGNED_IN, "NOT_SIGNED_IN");
      // The get-session token is the bearer credential itself: never print it.
      const { token: _token, ...session } = answer.session;
      const document = { url: connection.url, profile: connection.profileName, user: answer.user, session };
      await emit(flags, document, () =>
        renderDetails({
          url: connection.url,
          profile: connection.profileName,
          email: answer.user.email,
          name: answer.user.name,
          userId: answer.user.id,
          role: answer.user.role,
          sessionExpires: session.expiresAt,
          activeOrganization: session.activeOrganizationId,
          // The administrator by email when this profile was saved by `impersonate` (the user
          // acted as may not look other users up); their id otherwise.
          impersonatedBy: session.impersonatedBy && connection.profile?.impersonator?.id === session.impersonatedBy ? connection.profile.impersonator.email : session.impersonatedBy,
        }),
      );
    }),
  );

  const profile = program.command("profile").description("named credential profiles (one per server or identity)");
  example(
    profile.command("list").description("list saved profiles; the current one is marked"),
    "auth profile list",
  ).action(
    handler(async (flags) => {
      const file = loadProfiles();
      const current = profileName(undefined, file);
      const items = Object.entries(file.profiles).map(([name, p]) => ({
        name,
        current: name === current,
        url: p.url,
        email: p.email ?? null,
        signedIn: Boolean(p.token),
        organizationId: p.organizationId ?? null,
      }));
      await emitList(flags, {
        document: { current: file.profiles[current] ? current : null, file: profilesPath(), profiles: items },
        items,
        columns: ["name", "current", "url", "email", "signedIn"],
        empty: text("login", "noProfiles"),
      });
    }),
  );
  example(profile.command("use").argument("<name>", "profile name").description("make a profile the default"), "auth profile use prod").action(
    handler(async (flags, name: string) => {
      const file = loadProfiles();
      if (!file.profiles[name]) throw new CliError(text("login", "noSuchProfile", { name }), EXIT.NOT_FOUND, "PROFILE_NOT_FOUND");
      file.current = name;
      saveProfiles(file);
      await emit(flags, { current: name }, () => info(text("login", "usingProfile", { name, url: file.profiles[name]!.url })));
    }),
  );
  example(
    profile.command("remove").argument("<name>", "profile name").description("forget a profile and its token (run `auth logout` first to end the session)"),
    "auth profile remove staging --yes",
  ).action(
    handler(async (flags, name: string) => {
      const file = loadProfiles();
      if (!file.profiles[name]) throw new CliError(text("login", "noSuchProfile", { name }), EXIT.NOT_FOUND, "PROFILE_NOT_FOUND");
      await confirm(flags, say("confirm", "forgetProfile", { name }));
      updateProfile(name, () => undefined);
      await emit(flags, { removed: name }, () => info(text("login", "removedProfile", { name })));
    }),
  );
}
