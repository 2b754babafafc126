/** `auth admin users …`: list, look up, create, change, ban, impersonate and remove users. */
import { Option, type Command } from "commander";
import type { User } from "../../shared/contract/schemas.js";
import { runBulk } from "../bulk.js";
import { connect } from "../connection.js";
import { example, handler, helpAfter, interactive, type Flags } from "../context.js";
import { parseDuration, parsePositiveInt } from "../duration.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, printJsonLine, renderDetails, withSpinner } from "../output.js";
import { updateProfile } from "../profiles.js";
import { confirm, promptNewPassword, readSecret, readSecretFromStdin } from "../prompt.js";
import { requireAdminPermission } from "../preflight.js";
import { parseRoles, resolveUser } from "../resolve.js";
import { registerTransferCommands } from "./admin-transfer.js";
import { countedText, fill, longDate, messages, text } from "../i18n/index.js";
import { registerAdminTwoFactorCommand } from "./two-factor.js";

export const USER_COLUMNS = ["id", "email", "name", "role", "banned", "emailVerified", "createdAt"];
/** Narrow terminals keep these first (#25): the email identifies a user to a person. */
const USER_IMPORTANCE = ["email", "role", "banned", "name", "createdAt", "emailVerified", "id"];
const USER_FIELDS = ["id", "email", "name", "role", "emailVerified", "banned", "banReason", "banExpires", "username", "twoFactorEnabled", "createdAt", "updatedAt"];

interface ListFlags {
  search?: string;
  field?: "email" | "name";
  operator?: "contains" | "starts_with" | "ends_with";
  filterField?: string;
  filterValue?: string;
  filterOperator?: string;
  sort?: string;
  direction?: "asc" | "desc";
  limit?: string;
  offset?: string;
  all?: boolean;
  locked?: boolean;
}

const BULK_HELP_EN = "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.";
const bulkHelp = () => helpAfter(BULK_HELP_EN);

export function registerAdminUserCommands(admin: Command): void {
  const users = admin.command("users").description("manage users (needs an administrator session)");
  registerAdminTwoFactorCommand(users);

  example(
    users
      .command("list")
      .description("search, filter, sort and page through users")
      .option("--search <text>", "search text")
      .option("--field <field>", "field to search: email or name", "email")
      .option("--operator <op>", "contains, starts_with or ends_with", "contains")
      .option("--filter-field <field>", "filter on a field: role, banned, emailVerified, email, name, createdAt…")
      .option("--filter-value <value>", "value for --filter-field")
      .option("--filter-operator <op>", "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with", "eq")
      .option("--sort <field>", "sort by: createdAt, email, name, role, banned…")
      .option("--direction <dir>", "asc or desc", "asc")
      .option("--limit <n>", "page size (1-1000)", "100")
      .option("--offset <n>", "skip this many", "0")
      .option("--all", "page through every match")
      .option("--locked", "only users whose sign-in is locked now (too many failed sign-ins)"),
    "auth admin users list --search ada",
    "auth admin users list --locked",
    "auth admin users list --filter-field banned --filter-value true --json",
    "auth admin users list --all --sort createdAt --jsonl > users.jsonl",
  ).action(
    handler<ListFlags>(async (flags) => {
      const { client } = await connect(flags);
      const limit = parsePositiveInt(flags.limit ?? "100", "--limit", { max: 1000 });
      let offset = parsePositiveInt(flags.offset ?? "0", "--offset", { min: 0 });
      if (flags.field && flags.field !== "email" && flags.field !== "name") throw new CliError(text("checks", "field"), EXIT.USAGE, "INVALID_OPTION");
      if ((flags.filterField === undefined) !== (flags.filterValue === undefined)) throw new CliError(text("checks", "filterTogether"), EXIT.USAGE, "INVALID_OPTION");
      if (flags.locked && flags.filterField) throw new CliError(text("checks", "lockedAlone"), EXIT.USAGE, "INVALID_OPTION");
      // Locked now: the lock ends later than this moment (as the console's "Sign-in locked" filter).
      const filter = flags.locked
        ? { filterField: "lockedUntil", filterValue: String(Date.now()), filterOperator: "gt" }
        : { filterField: flags.filterField, filterValue: flags.filterValue, filterOperator: flags.filterField ? flags.filterOperator : undefined };
      const query = {
        searchValue: flags.search,
        searchField: flags.search ? flags.field : undefined,
        searchOperator: flags.search ? flags.operator : undefined,
        ...filter,
        sortBy: flags.sort,
        sortDirection: flags.sort ? flags.direction : undefined,
        limit,
      } as Parameters<typeof client.adminListUsers>[0];
      if (!flags.all) {
        const page = await withSpinner(flags, text("lists", "loadingUsers"), () => client.adminListUsers({ ...query, offset }));
        await emitList(flags, {
          document: page,
          items: page.users,
          columns: USER_COLUMNS,
          importance: USER_IMPORTANCE,
          footer: `${await countedText("lists", "usersPage", { shown: page.users.length, total: page.total })}${page.total > offset + page.users.length ? text("lists", "usersNext", { offset: offset + page.users.length }) : ""}`,
          empty: text("lists", "noUsersMatch"),
        });
        return;
      }
      const everyone: User[] = [];
      let total = 0;
      for (;;) {
        const page = await withSpinner(flags, text("lists", "loadingUsersCount", { count: everyone.length }), () => client.adminListUsers({ ...query, offset }));
        total = page.total;
        if (flags.jsonl) for (const user of page.users) printJsonLine(user);
        else everyone.push(...page.users);
        offset += page.users.length;
        if (page.users.length === 0 || offset >= total) break;
      }
      if (flags.jsonl) return;
      await emitList(flags, { document: { users: everyone, total }, items: everyone, columns: USER_COLUMNS, importance: USER_IMPORTANCE, footer: await countedText("lists", "usersAll", { count: everyone.length }), empty: text("lists", "noUsersMatch") });
    }),
  );

  example(users.command("get").argument("<user>", "id or email").description("show one user"), "auth admin users get ada@example.com", "auth admin users get 4bX2… --json").action(
    handler(async (flags, ref: string) => {
      const { client } = await connect(flags);
      const found = await resolveUser(client, ref);
      // By email the user comes from the list, which leaves out get-user's detail (provisionedBy): the same answer either way.
      const user = found.id === ref.trim() ? found : await client.adminGetUser({ id: found.id });
      await emit(flags, { user }, () => renderDetails(user, USER_FIELDS));
    }),
  );

  example(
    users
      .command("create")
      .description("create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)")
      .requiredOption("--email <email>", "email address")
      .option("--name <name>", "display name (default: the part before @)")
      .option("--role <role>", "role, or several comma separated (default user)")
      .option("--verified", "mark the email as verified")
      .option("--password-stdin", "read the password from standard input")
      .option("--without-password", "create without a password and do not prompt (social sign-in only)"),
    "auth admin users create --email ada@example.com --name Ada --role admin",
    "printf %s \"$PW\" | auth admin users create --email bob@example.com --password-stdin --json",
  ).action(
    handler<{ email: string; name?: string; role?: string; verified?: boolean; passwordStdin?: boolean; withoutPassword?: boolean }>(async (flags) => {
      const { client } = await connect(flags);
      let password: string | undefined;
      if (flags.passwordStdin) password = await readSecretFromStdin();
      else if (!flags.withoutPassword && interactive(flags)) password = await promptNewPassword(text("lists", "newUserPassword"), { allowEmpty: true });
      const { user } = await withSpinner(flags, text("lists", "creatingUser"), () =>
        client.adminCreateUser({
          email: flags.email,
          name: flags.name ?? flags.email.split("@")[0]!,
          password,
          role: flags.role ? parseRoles(flags.role) : undefined,
          data: flags.verified ? { emailVerified: true } : undefined,
        }),
      );
      await emit(flags, { user }, () => info(fill(password ? messages().users.created : messages().users.createdNoPassword, { email: user.email, id: user.id, role: user.role ?? "" })));
    }),
  );

  example(
    users.command("set-role").argument("<user>", "id or email").argument("<role>", "role, or several comma separated").description("set a user's role"),
    "auth admin users set-role ada@example.com admin",
    "auth admin users set-role ada@example.com support,billing --json",
  ).action(
    handler(async (flags, ref: string, role: string) => {
      const { client } = await connect(flags);
      const target = await resolveUser(client, ref);
      const { user } = await client.adminSetRole({ userId: target.id, role: parseRoles(role) });
      await emit(flags, { user }, () => info(fill(messages().users.roleSet, { email: user.email, role: user.role ?? "" })));
    }),
  );

  example(
    users
      .command("set-password")
      .argument("<user>", "id or email")
      .description("set a user's password (masked prompt, or --password-stdin)")
      .option("--password-stdin", "read the new password from standard input"),
    "printf %s \"$NEW_PW\" | auth admin users set-password ada@example.com --password-stdin",
  ).action(
    handler<{ passwordStdin?: boolean }>(async (flags, ref: string) => {
      const { client } = await connect(flags);
      const target = await resolveUser(client, ref);
      const newPassword = flags.passwordStdin ? await readSecret(flags, "") : interactive(flags) ? (await promptNewPassword(`New password for ${target.email}: `))! : await readSecret(flags, "");
      await client.adminSetUserPassword({ userId: target.id, newPassword });
      await emit(flags, { userId: target.id, email: target.email, status: true }, () => info(fill(messages().users.passwordSet, { email: target.email })));
    }),
  );

  const single = (parent: Command, name: string, description: string) =>
    parent
      .command(name)
      .argument("[user]", "id or email (or use --from-file)")
      .description(description)
      .option("--from-file <file>", "one id or email per line; - for standard input")
      .option("--dry-run", "with --from-file: check every line, change nothing");

  const ban = handler<{ fromFile?: string; dryRun?: boolean; reason?: string; expires?: string; for?: string }>(async (flags, ref?: string) => {
    if (flags.expires !== undefined && flags.for !== undefined) throw new CliError(text("adminSessions", "expiresOrFor"), EXIT.USAGE, "INVALID_OPTION");
    const duration = flags.expires ?? flags.for;
    const banExpiresIn = duration !== undefined ? parseDuration(duration, flags.expires !== undefined ? "--expires" : "--for") : undefined;
    await perUser(flags, ref, {
      permission: { user: ["ban"] },
      verb: "Ban",
      done: "banned",
      action: "ban",
      destructive: true,
      act: async (client, user) => {
        const answer = await client.adminBanUser({ userId: user.id, banReason: flags.reason, banExpiresIn });
        return answer.user;
      },
      message: (user) =>
        user.banExpires ? fill(messages().users.bannedUntil, { email: user.email, when: longDate(user.banExpires) }) : fill(messages().users.banned, { email: user.email }),
    });
  });
  const unban = handler<{ fromFile?: string; dryRun?: boolean }>(async (flags, ref?: string) => {
    await perUser(flags, ref, {
      permission: { user: ["ban"] },
      verb: "Unban",
      done: "unbanned",
      action: "unban",
      act: async (client, user) => (await client.adminUnbanUser({ userId: user.id })).user,
      message: (user) => fill(messages().users.unbanned, { email: user.email }),
    });
  });

  // `auth admin users ban` and its short form `auth admin ban` (the design's own words, #25):
  // one handler, registered twice.
  for (const [parent, path, short] of [
    [users, "auth admin users", ""],
    [admin, "auth admin", " (short for `auth admin users {name}`)"],
  ] as const) {
    example(
      single(parent, "ban", `ban users: ends all their sessions and refuses sign-in${short.replace("{name}", "ban")}`)
        .option("--reason <text>", "shown to the user (default 'No reason')")
        .option("--expires <duration>", "lift the ban after 90m, 12h, 7d, 2w…")
        // `ban x --for 7d` is how people say it: the same option under its natural name, kept out
        // of --help so the help shows one way.
        .addOption(new Option("--for <duration>").hideHelp()),
      `${path} ban spam@example.com --reason spam --expires 7d`,
      `${path} ban --from-file bad-actors.txt --reason fraud --yes`,
      `grep -l spam reports/* | xargs cat | ${path} ban --from-file - --dry-run`,
    )
      .addHelpText("after", bulkHelp())
      .action(ban);
    example(single(parent, "unban", `lift bans${short.replace("{name}", "unban")}`), `${path} unban spam@example.com`, `${path} unban --from-file appeals.txt`)
      .addHelpText("after", bulkHelp())
      .action(unban);
  }

  // Lockout (docs/lockout.md): clears the failed sign-in count and any wait or lock.
  example(single(users, "unlock", "clear failed sign-in lockouts"), "auth admin users unlock ada@example.com", "auth admin users unlock --from-file locked.txt")
    .addHelpText("after", bulkHelp())
    .action(
      handler<{ fromFile?: string; dryRun?: boolean }>(async (flags, ref?: string) => {
        // "Unlocked x" only when x was locked; the server says whether it was.
        let wasLocked = true;
        await perUser(flags, ref, {
          permission: { user: ["update"] },
          verb: "Unlock",
          done: "unlocked",
          action: "unlock",
          act: async (client, user) => {
            const answer = await client.adminUnlockUser({ userId: user.id });
            wasLocked = answer.wasLocked;
            return answer.user;
          },
          message: (user) => fill(wasLocked ? messages().users.unlocked : messages().users.notLocked, { email: user.email }),
        });
      }),
    );

  example(single(users, "remove", "delete users with their sessions, accounts and memberships"), "auth admin users remove old@example.com --yes", "auth admin users remove --from-file leavers.txt --dry-run")
    .addHelpText("after", bulkHelp())
    .action(
      handler<{ fromFile?: string; dryRun?: boolean }>(async (flags, ref?: string) => {
        await perUser(flags, ref, {
          permission: { user: ["delete"] },
          verb: "Remove",
          done: "removed",
          action: "remove",
          destructive: true,
          act: async (client, user) => {
            await client.adminRemoveUser({ userId: user.id });
            return user;
          },
          message: (user) => fill(messages().users.removed, { email: user.email, id: user.id }),
        });
      }),
    );

  example(
    users
      .command("impersonate")
      .argument("<user>", "id or email")
      .description("start a session as a user (1 hour) and save it as a profile to act through")
      .option("--save-as <profile>", "profile to store the session in", "impersonation")
      .option("--print-token", "also print the session token (for scripts)"),
    "auth admin users impersonate ada@example.com && auth --profile impersonation whoami",
  ).action(
    handler<{ saveAs: string; printToken?: boolean }>(async (flags, ref: string) => {
      const connection = await connect(flags);
      const target = await resolveUser(connection.client, ref);
      // Who is impersonating, read before the client's token becomes the impersonation's: `whoami`
      // through the saved profile names them by email (the user acted as cannot look them up).
      const impersonator = (await connection.client.getSession({ disableRefresh: true }))?.user;
      const answer = await connection.client.adminImpersonateUser({ userId: target.id });
      const token = connection.client.token !== connection.token ? connection.client.token : answer.session.token;
      updateProfile(flags.saveAs, () => ({
        url: connection.url,
        token,
        email: answer.user.email,
        userId: answer.user.id,
        ...(impersonator ? { impersonator: { id: impersonator.id, email: impersonator.email } } : {}),
        savedAt: new Date().toISOString(),
      }));
      const { token: _token, ...session } = answer.session;
      await emit(flags, { profile: flags.saveAs, user: answer.user, session, ...(flags.printToken ? { token } : {}) }, () => {
        info(fill(messages().impersonation.started, { email: answer.user.email, expires: session.expiresAt ? longDate(session.expiresAt) : "", profile: flags.saveAs }));
        if (flags.printToken) info(fill(messages().impersonation.token, { token: token ?? "" }));
      });
    }),
  );

  example(
    users
      .command("stop-impersonating")
      .description("end an impersonation session started with `impersonate` and forget its profile")
      .option("--saved-as <profile>", "the profile it was saved in", "impersonation"),
    "auth admin users stop-impersonating",
  ).action(
    handler<{ savedAs: string }>(async (flags) => {
      const connection = await connect({ ...flags, profile: flags.savedAs });
      // The notice names the person who was impersonated; the answer's user is the administrator
      // the session goes back to. The profile saved at `impersonate` knows whom it acted as.
      const impersonated = connection.profile?.email ?? (await connection.client.getSession({ disableRefresh: true }))?.user.email ?? "";
      const answer = await connection.client.adminStopImpersonating({});
      updateProfile(flags.savedAs, () => undefined);
      await emit(flags, { profile: flags.savedAs, stopped: true, user: answer.user }, () => info(fill(messages().impersonation.stopped, { email: impersonated, profile: flags.savedAs })));
    }),
  );

  registerTransferCommands(users);
}

interface PerUserJob {
  /** Checked before asking or starting, e.g. { user: ["ban"] }. */
  permission: Record<string, string[]>;
  verb: string;
  done: string;
  /** The catalogue's words for it (messages().users.actions). */
  action: "ban" | "unban" | "unlock" | "remove";
  destructive?: boolean;
  act: (client: Awaited<ReturnType<typeof connect>>["client"], user: User) => Promise<User>;
  message: (user: User) => string;
}

/** One user named on the line, or many with --from-file. */
async function perUser(flags: Flags<{ fromFile?: string; dryRun?: boolean }>, ref: string | undefined, job: PerUserJob): Promise<void> {
  if (ref && flags.fromFile) throw new CliError(text("adminSessions", "oneOrFile"), EXIT.USAGE, "INVALID_OPTION");
  if (!ref && !flags.fromFile) throw new CliError(text("adminSessions", "nameUser"), EXIT.USAGE, "MISSING_ARGUMENT");
  const { client } = await connect(flags);
  await requireAdminPermission(client, job.permission, job.action);
  if (flags.fromFile) {
    await runBulk(flags, flags.fromFile, {
      verb: job.verb,
      done: job.done,
      action: job.action,
      destructive: job.destructive,
      resolve: (line) => resolveUser(client, line),
      act: async (user) => {
        await job.act(client, user);
      },
      describe: (user) => user.id,
    });
    return;
  }
  const user = await resolveUser(client, ref!);
  const words = messages().users.actions[job.action];
  if (flags.dryRun) {
    await emit(flags, { dryRun: true, action: job.done, user }, () => info(fill(messages().users.wouldOne, { verb: words.verb, email: user.email, id: user.id })));
    return;
  }
  if (job.destructive) await confirm(flags, fill(messages().users.confirmOne, { verb: words.verb, email: user.email, id: user.id }));
  const changed = await job.act(client, user);
  await emit(flags, { user: changed }, () => info(job.message(changed)));
}

