/** Stable exit codes, documented in the README. Scripts may branch on them. */
export const EXIT = {
  OK: 0,
  /** Something failed that fits no class below (including partial failure of bulk work). */
  FAILURE: 1,
  /** Bad arguments or options, or a required confirmation was missing. */
  USAGE: 2,
  /** No credentials, or the token is expired or revoked: run `auth login`. */
  NOT_SIGNED_IN: 3,
  /** Signed in but not allowed (403). */
  FORBIDDEN: 4,
  /** The named user, session, organization… does not exist (404 / *_NOT_FOUND). */
  NOT_FOUND: 5,
  /** Already exists, already taken, or in a state that refuses the change (409 / 422). */
  CONFLICT: 6,
  /** The server could not be reached. */
  NETWORK: 7,
  /** Rate limited by the server (429). */
  RATE_LIMITED: 8,
  /** The database was sealed with another server secret (its key-check value matches neither AUTH_SECRET nor AUTH_PREVIOUS_SECRETS). */
  SECRET_MISMATCH: 9,
  /** The database is another program's (better-auth's, or one with Latchkey's table names but not made by it): nothing was changed. */
  FOREIGN_DATABASE: 10,
  /** A bug or an unexpected server error (5xx). */
  INTERNAL: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports itself: message to stderr, code for the shell. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.FAILURE,
    readonly code = "CLI_ERROR",
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Map a server answer (status + code) to an exit code. */
export function exitCodeFor(status: number, code: string): ExitCode {
  if (status === 0 || code === "NETWORK_ERROR") return EXIT.NETWORK;
  if (status === 401) return EXIT.NOT_SIGNED_IN;
  if (code.endsWith("NOT_FOUND") || status === 404) return EXIT.NOT_FOUND;
  if (status === 403) return EXIT.FORBIDDEN;
  if (status === 409 || status === 422 || /ALREADY|TAKEN|EXISTS/.test(code)) return EXIT.CONFLICT;
  if (status === 429) return EXIT.RATE_LIMITED;
  if (status === 400) return EXIT.USAGE;
  if (status >= 500) return EXIT.INTERNAL;
  return EXIT.FAILURE;
}
