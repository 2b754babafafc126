/**
 * Text that people choose and that other people later read: user, organization and team names,
 * and the links behind avatars and logos (issues 19 and 27).
 *
 * A name ends up in mails sent from the operator's domain (an invitation names its inviter,
 * organization and team), in the console, in audit rows and in CLI tables. So a name is one line
 * of visible text: no control characters (C0 and C1, so no CR/LF/TAB to start a new line of a
 * mail), no bidirectional overrides or isolates (U+202A–U+202E, U+2066–U+2069, which make text
 * read in another order than it is stored), no lone surrogate (invalid UTF-16, which no mail or
 * JSON encoder can carry faithfully), and a bounded length.
 */
import { z } from "zod";

/** Longest user, organization and team name, in UTF-16 code units (docs/account.md, docs/organization.md). */
export const NAME_MAX_LENGTH = 100;

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` is not acceptable as a name, or null when it is. */
export function nameProblem(value: string): string | null {
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode text (no lone surrogate)";
  if (CONTROL_OR_BIDI.test(value)) return "must not contain control characters (line breaks, tabs) or bidirectional overrides";
  return null;
}

/** A display name of at most `max` characters on one line (see above). */
export function nameField(options: { min?: number; max?: number } = {}) {
  const max = options.max ?? NAME_MAX_LENGTH;
  return z
    .string()
    .min(options.min ?? 0, { message: "must not be empty" })
    .max(max, { message: `must be at most ${max} characters` })
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** The schemes an avatar or logo may use: a page renders it as an image, never follows it as code. */
const IMAGE_URL = /^(https?:\/\/|data:image\/[a-z0-9.+-]+[;,])/i;

/**
 * An avatar or logo link: http(s) or an inline `data:image/…`. `javascript:`, `data:text/html`,
 * `file:` and friends are refused, so no client that turns the value into a link or an <img> runs
 * it. The empty string stays accepted: forms send it for "no picture".
 */
export const imageField = z
  .string()
  .max(2048, { message: "must be at most 2048 characters" })
  .refine((value) => value === "" || (IMAGE_URL.test(value) && nameProblem(value) === null), {
    message: "must be an http or https URL, or a data:image/… URL",
  });
