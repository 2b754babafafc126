/**
 * The CLI's own words for people (never for --json, which stays the same in every language), typed
 * by the English catalogue i18n/en/cli.json: every language has exactly its keys (the catalogue
 * test, tests/renderer/catalogues.test.ts, holds them to it). Messages are ICU MessageFormat:
 * `{name}` placeholders, and `{count, plural, …}` for the few counted ones.
 */
import type en from "../../i18n/en/cli.json";

export type CliMessages = typeof en;

/** Plain messages by area, read with `text(group, key, values)` (cli/i18n/index.ts). */
export type TextGroups = Pick<
  CliMessages,
  "prompts" | "connection" | "login" | "twoFactor" | "adminSessions" | "audit" | "auditReasons" | "backup" | "preflight" | "checks" | "lists" | "changes" | "settings" | "qa"
>;
