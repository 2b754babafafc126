/**
 * The CLI's own words for people (never for --json, which stays the same in every language).
 * Placeholders are `{name}`; counts use the language's plural categories (Intl.PluralRules).
 * Plain templates rather than ICU: the CLI must start in well under 200 ms, and these few
 * messages need nothing more.
 */
import type { AuditReasonKey } from "../../shared/audit-reasons.js";

export type Plural = { other: string } & Partial<Record<"zero" | "one" | "two" | "few" | "many", string>>;

export interface CliMessages extends TextGroups {
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
    /** Progress label of `auth server import-better-auth`: {table}. */
    baImporting: string;
    /** import-better-auth done: {from}, {db}, {seconds}; the summary table follows. */
    baImported: string;
    /** import-better-auth --dry-run: {from}, {db}; the summary table follows. */
    baDryRun: string;
    /** The summary table's column headings. */
    baColumns: { table: string; read: string; inserted: string; updated: string; unchanged: string; kept: string; skipped: string };
    /** Heading of the rows not carried over: {count}. */
    baSkipped: string;
    /** Heading of the rows kept because Latchkey changed them: {count}. */
    baKept: string;
    /** Rows beyond the listed ones: {count}. */
    baMore: string;
  };
  /** Descriptions and prose of --help are in cli/i18n/help/<language>.ts (keyed by the English text). */
  help: {
    /** commander's headings. */
    titles: { "Usage:": string; "Options:": string; "Commands:": string; "Arguments:": string; "Global Options:": string };
    /** The words commander puts in parentheses after a description, e.g. "(default: 50)". */
    extra: Record<"default" | "choices" | "preset" | "env", string>;
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

/** Plain messages by area, read with `text(group, key, values)` (cli/i18n/index.ts). */
export interface TextGroups {
  /** Masked prompts and reading secrets (cli/prompt.ts); the prompts end with ": ". */
  prompts: Record<"nothingOnStdin" | "notATerminal" | "cancelled" | "noTerminal" | "passwordEmpty" | "again" | "passwordsDiffer" | "password" | "email" | "passwordInArguments", string>;
  /** Which server and credentials (cli/connection.ts). */
  connection: Record<"notUrl" | "notHttp" | "noServerForKey" | "noProfile" | "noServer" | "notSignedIn" | "pinned" | "unpinned" | "profileUrl", string>;
  /** `auth login | logout | profile …`. */
  login: Record<"whichServer" | "passEmail" | "emailEmpty" | "notSignedInProfile" | "logoutFailed" | "noProfiles" | "noSuchProfile" | "usingProfile" | "removedProfile" | "signingIn", string>;
  /** `auth account 2fa …`, the second sign-in step and `admin users reset-2fa`. */
  twoFactor: Record<"twoLines" | "noCode" | "pipeCode" | "mailCode" | "appCode" | "scan" | "backupCodes" | "thenVerify" | "codeFromApp" | "on" | "accepted" | "off" | "newBackupCodes" | "confirmReset" | "resetDone", string>;
  /** `auth admin sessions …` and the one-user-or-a-file rule of per-user commands. */
  adminSessions: Record<"loading" | "none" | "noHandle" | "oneOrFile" | "nameUser", string>;
  /** `auth admin audit list | tail`. */
  audit: Record<"loading" | "none" | "more", string>;
  /** Reasons the server writes into the audit log (shared/audit-reasons.ts); typed reasons stay as typed. */
  auditReasons: Record<AuditReasonKey, string>;
  /** `auth server backup | restore | copy | rotate-secret | check-config | start | create-admin`. */
  backup: Record<
    | "inMemoryBackup" | "noDatabase" | "outSameAsDb" | "outIsFolder" | "fileInTheWay" | "cannotWrite" | "cannotOpenDb" | "notSqlite" | "copyCorrupt"
    | "inMemoryRestore" | "noBackup" | "fromIsFolder" | "fromSameAsDb" | "newerBuild" | "secretRequired" | "inUse" | "cannotOpenBackup" | "backupCorrupt" | "notLatchkey"
    | "restoreNeedsSqlite" | "backupNeedsSqlite" | "noSecretForWith" | "backedUp" | "batchSize" | "sameDatabase" | "noSource"
    | "noRotateSecret" | "resealing" | "resealingTable" | "resealed" | "resealedTable" | "unreadableTable" | "oldBackupCodes"
    | "configValid" | "warning" | "portInUse" | "badPort" | "adminPassword" | "generatedPassword" | "createdAdmin",
    string
  >;
  /**
   * Refused before asking or starting (cli/preflight.ts): {what} is one of the other keys, {needed}
   * the permissions (resource:actions), {role} the caller's organization role.
   */
  preflight: Record<
    | "notAllowed" | "roleForbids"
    | "ban" | "unban" | "unlock" | "remove" | "revokeSessions" | "removeTeams" | "exportUsers" | "importUsers" | "deleteOrganization" | "removeMembers",
    string
  >;
  /** Values on the command line and in input files that the CLI checks itself; {option} is the flag. */
  checks: Record<
    | "durationFormat" | "durationZero" | "notATime" | "wholeNumber" | "limitPositive" | "unknownColumn" | "format" | "field" | "filterTogether" | "lockedAlone"
    | "roleEmpty" | "unknownShell" | "cannotRead" | "noLines" | "profilesUnreadable" | "noUsersIn" | "csvHeader" | "csvNear" | "badRow" | "badEmail" | "badJson" | "notObject"
    | "socialOpening" | "socialCode" | "socialDenied" | "socialFailed" | "socialTimeout" | "outboxSealed" | "outboxUnopened",
    string
  >;
  /** Lists on a terminal: what shows while loading, under the table, and instead of an empty one. */
  lists: Record<
    | "none" | "loadingUsers" | "loadingUsersCount" | "usersPage" | "usersNext" | "usersAll" | "noUsersMatch" | "newUserPassword" | "creatingUser"
    | "loadingSessions" | "noLiveSessions" | "loadingAccount" | "noTeams" | "noApiKeys" | "noApps" | "loadingOrganizations" | "noOrganizations"
    | "noInvitations" | "noPendingInvitations" | "noMembersMatch" | "membersPage",
    string
  >;
  /** What a command did (account, organization, teams, invitations, api-keys, users export/import, migrate). */
  changes: Record<
    | "passwordChanged" | "passwordChangedOthers" | "emailChangeRequested"
    | "teamCreated" | "teamRenamed" | "teamRemoved" | "teamMemberAdded" | "teamMemberRemoved"
    | "apiKeyCreated" | "apiKeyCreatedNamed"
    | "organizationCreated" | "organizationUpdated" | "organizationDeleted" | "organizationActive"
    | "invited" | "invitationCanceled" | "memberRemoved" | "memberRole" | "invitationAccepted"
    | "exportedTo" | "importDryRun" | "importProblem" | "importFailedLine" | "importWouldFail"
    | "migrationsApplied" | "upToDate",
    string
  >;
}
