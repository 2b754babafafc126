/**
 * A server error in the operator's language. The server's `message` stays English (clients
 * branch on `code`), so the CLI words the code with the console's texts
 * (i18n/<language>/errors.json, every code in eight languages), else the server's English. A few errors carry parts people need, which are put back in:
 * when a ban ends and why, the roles there are, and that a two-factor code was already used.
 */
import { readFileSync } from "node:fs";
import type { ApiError } from "../shared/errors.js";
import { parseBannedMessage, parseUnknownRoleIssue } from "../shared/errors/admin.js";
import { TOTP_REUSED_MESSAGE } from "../shared/errors/two-factor.js";
import { currentLanguage, fill, longDate, messages } from "./i18n/index.js";

let consoleTexts: Record<string, string> | undefined;

/** The console's error texts for this language (read once, and only when an error is shown). */
function consoleErrorTexts(): Record<string, string> {
  if (consoleTexts) return consoleTexts;
  consoleTexts = {};
  const language = currentLanguage();
  if (language === "en") return consoleTexts;
  // From dist/cli/ (the built CLI) or cli/ (tests importing the sources): the checkout's root.
  for (const up of ["../../", "../"]) {
    try {
      consoleTexts = JSON.parse(readFileSync(new URL(`${up}i18n/${language}/errors.json`, import.meta.url), "utf8")) as Record<string, string>;
      break;
    } catch {
      // Not at this depth: try the next.
    }
  }
  return consoleTexts;
}

/** The words for an API error code in the CLI's language, else the server's (English) message. */
export function apiErrorText(code: string, fallback: string): string {
  const fromConsole = consoleErrorTexts();
  return Object.hasOwn(fromConsole, code) ? fromConsole[code]! : fallback;
}

/** The lines to print for `error` (the first one after "error: "), the code in parentheses. */
export function describeApiError(error: ApiError): string[] {
  const { hints } = messages();
  if (error.code === "INVALID_CODE" && error.message === TOTP_REUSED_MESSAGE) return [`${hints.totpReused} (${error.code})`];
  if (error.code === "BANNED_USER") {
    const { reason, expires } = parseBannedMessage(error.message);
    // The first line without the parts shown below it in the person's words.
    const base = error.message.split(" Reason: ")[0]!.replace(/\.?$/, ".");
    return [`${apiErrorText(error.code, base)} (${error.code})`, ...(reason ? [`  ${fill(hints.banReason, { reason })}`] : []), ...(expires ? [`  ${fill(hints.banEnds, { when: longDate(expires) })}`] : [])];
  }
  const lines = [`${apiErrorText(error.code, error.message)} (${error.code})`];
  for (const issue of error.issues ?? []) {
    const role = parseUnknownRoleIssue(issue);
    lines.push(role ? `  ${fill(hints.unknownRole, { role: role.role, roles: role.known.join(", ") })}` : `  ${issue.path}: ${issue.message}`);
  }
  return lines;
}
