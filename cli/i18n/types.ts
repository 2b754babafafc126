/**
 * The CLI's own words for people (never for --json, which stays the same in every language).
 * Placeholders are `{name}`; counts use the language's plural categories (Intl.PluralRules).
 * Plain templates rather than ICU: the CLI must start in well under 200 ms, and these few
 * messages need nothing more.
 */
export type Plural = { other: string } & Partial<Record<"zero" | "one" | "two" | "few" | "many", string>>;

export interface CliMessages {
  /** Before every error line: "error: …". */
  errorPrefix: string;
  sessionMissing: string;
  /** API error codes the CLI words itself; others show the server's English message. */
  errors: Record<string, string>;
  confirm: {
    /** After a question on the terminal, e.g. "[y/N]". */
    suffix: string;
    /** Answers that mean yes (lowercase); "y" and "yes" always do. */
    yes: string[];
    refused: string;
    aborted: string;
    endSession: string;
    endAllSessions: string;
    endOtherSessions: string;
    deleteOrganization: string;
    cancelInvitation: string;
    removeMember: string;
    leaveOrganization: string;
    forgetProfile: string;
    removeTeam: string;
    takeOutOfTeam: string;
    replaceFile: string;
    revokeApiKey: string;
    deleteApp: string;
    disableApp: string;
  };
  /** Commander's usage errors (cli/usage-errors.ts), with a hint when one fits. */
  usage: {
    unknownOption: string;
    unknownCommand: string;
    missingArgument: string;
    optionValueMissing: string;
    requiredOption: string;
    tooManyArguments: string;
    didYouMean: string;
    didYouMeanOneOf: string;
  };
  /** Where a newcomer goes wrong: what happened, and what to do instead. */
  hints: {
    dbIsFolder: string;
    configUnreadable: string;
    configSyntax: string;
    notMember: string;
    unknownRole: string;
    banEnds: string;
    banReason: string;
    totpReused: string;
  };
  /** `auth admin users …` and bulk work (--from-file). {verb}/{done} come from `actions`. */
  users: {
    actions: Record<"ban" | "unban" | "unlock" | "remove" | "revokeSessions", { verb: string; done: string }>;
    confirmOne: string;
    wouldOne: string;
    banned: string;
    bannedUntil: string;
    unbanned: string;
    unlocked: string;
    removed: string;
    wouldEndSessions: string;
    created: string;
    createdNoPassword: string;
    roleSet: string;
    passwordSet: string;
    noUserEmail: string;
    noUserId: string;
    bulkConfirm: Plural;
    standardInput: string;
    bulkDone: string;
    bulkWould: string;
    bulkFailed: string;
    bulkSummary: string;
    bulkDrySummary: string;
    bulkFailedCount: string;
    bulkPartial: string;
  };
  done: {
    signedIn: string;
    signedOut: string;
    sessionEnded: string;
    otherSessionsEnded: string;
    allSessionsEnded: string;
    accountUpdated: string;
    invitationRejected: string;
    leftOrganization: string;
    apiKeyRevoked: string;
    appDeleted: string;
    appDisabled: string;
    appSecretOnce: string;
    outboxEmpty: string;
    /** Under a table: {columns} that did not fit the terminal. */
    columnsHidden: string;
    /** `auth server create-admin` for an existing user: {email}, {role}. */
    adminPromoted: string;
    /** {count} users, {done} imported. */
    imported: Plural;
    /** Appended to `imported` when some rows failed. */
    importFailed: string;
    exported: Plural;
    /** `auth server backup` without --with-secret: a restore needs the secret. */
    backupSecretNeeded: string;
    /** `auth server backup --with-secret`: {file}. */
    backupSecretWritten: string;
    /** `auth server restore`: {from}, {db}, {total} rows. */
    restored: string;
    /** {files} the restore replaced, kept under new names. */
    restoreKept: string;
    /** The backup's secret file installed beside the database: {file}. */
    restoreSecretInstalled: string;
    /** Progress label of `auth server copy`: {table}. */
    copying: string;
    /** `auth server copy`: {total} rows, {from}, {to}, {seconds}. */
    copied: string;
  };
  help: {
    /** commander's headings. */
    titles: { "Usage:": string; "Options:": string; "Commands:": string; "Arguments:": string; "Global Options:": string };
    /** Descriptions by command path ("" is `auth` itself, "admin users" a subcommand). */
    commands: Record<string, string>;
    /** Global option descriptions by long flag. */
    options: Record<string, string>;
  };
  /** CLI-side refusals (account, organization, api-key commands); placeholders as in English. */
  failures: Record<"sessionHandleUnknown" | "sessionExpired" | "nothingToChangeAccount" | "twoPasswordLines" | "noTerminalPassword" | "newPasswordsDiffer" | "permissionFormat" | "whichOrganization" | "noMember" | "noTeam" | "metadataNotObject" | "slugRequired" | "noActiveOrganization" | "nothingToChangeOrganization" | "noOrganization", string>;
  /** Why a file could not be used (cli/main.ts), by Node/SQLite error code; `checkDatabase`: {message}, {reason}. */
  files: Record<"ENOENT" | "EACCES" | "EPERM" | "EISDIR" | "ENOTDIR" | "EEXIST" | "EROFS" | "SQLITE_CANTOPEN" | "SQLITE_NOTADB" | "mkdirOverFile" | "checkDatabase", string>;
  /** `admin users impersonate` / `stop-impersonating`: {email}, {expires}, {profile}, {token}. */
  impersonation: { started: string; token: string; stopped: string };
  /** The bulk progress label of a --dry-run; the spinner of `auth whoami`'s session check. */
  progress: { checking: string; checkingSession: string };
}
