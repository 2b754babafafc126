/**
 * One mail kind in one language → subject, plain text and HTML. Values from users (names,
 * organization names, addresses) go into the ICU messages as plain text; the whole formatted
 * paragraph is escaped for the HTML part, so no value can add markup.
 *
 * Mail must not carry someone else's words as the product's (issue 27): a subject is formatted
 * with the product's own values (the app name, the code) and one user value, the organization an
 * invitation is for (issue 33: people decide on the subject line whether to open it) — inside
 * the language's quotation marks, on one line and cut to 40 characters, so it reads as a quoted
 * name and never as a sentence of ours. Any other user value in a subject fails to render; the bodies show the inviter's and the organization's names inside
 * the language's quotation marks (the catalogues write them, a test checks every language); and
 * any line break, control character or bidi override left in a stored value from before names
 * were checked is shown as a space, so it cannot start a line of its own.
 */
import type { LanguageTag } from "../../../shared/languages.js";
import { formatDate, formatMessage, formatValidity, type MessageValues } from "./format.js";
import { layoutMail } from "./render.js";
import { MAIL_TEXTS, type TemplateKind } from "./texts/index.js";

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** A value typed by a user, on one line: control characters and bidi overrides become spaces. */
function oneLine(value: string): string {
  return value.replace(CONTROL_OR_BIDI, " ");
}

/** The values a subject may use: the product's own words, and the invitation's organization, quoted. */
const SUBJECT_VALUES = ["appName", "code", "organizationName"] as const;
/** A quoted name in a subject longer than this is cut (with …): a name, not a message. */
const SUBJECT_NAME_MAX = 40;

interface Common {
  appName: string;
  /** Empty or absent: the greeting without a name. */
  name?: string;
}
interface Linked extends Common {
  url: string;
  /** How long the link works, in seconds. */
  expiresIn: number;
}

export interface TemplateValues {
  "verify-email": Linked & { email: string };
  "reset-password": Linked;
  "change-email": Linked & { newEmail: string };
  "delete-account": Linked;
  invitation: Common & { url: string; inviterName: string; organizationName: string; role: string; expiresAt?: Date | number };
  /** No link: the code is the content. `minutes` is how long it works. */
  otp: Common & { code: string; minutes: number };
  /** A one-time sign-in link (features/magic-link). */
  "magic-link": Linked & { email: string };
  /** A mailed code for sign-in, verification or a password reset (features/email-otp); no link. */
  "email-otp": Common & { code: string; minutes: number };
}

export interface RenderedMail {
  language: LanguageTag;
  subject: string;
  text: string;
  html: string;
}

/** A role name in the language when it is one of the built-in roles (several: comma separated). */
function roleLabel(language: LanguageTag, role: string): string {
  const roles = MAIL_TEXTS[language].roles as Record<string, string>;
  return role
    .split(",")
    .map((one) => one.trim())
    .map((one) => (Object.hasOwn(roles, one) ? roles[one]! : one))
    .join(", ");
}

export function renderMail<K extends TemplateKind>(kind: K, language: LanguageTag, input: TemplateValues[K]): RenderedMail {
  const texts = MAIL_TEXTS[language];
  const kindTexts = texts.kinds[kind];
  const values: MessageValues = { appName: input.appName, name: oneLine(input.name ?? "") };
  const given = input as unknown as Record<string, unknown>;
  for (const key of ["email", "newEmail", "inviterName", "organizationName", "code"]) {
    if (typeof given[key] === "string") values[key] = oneLine(given[key] as string);
  }
  if (typeof given.role === "string") values.role = roleLabel(language, given.role);
  if (typeof given.expiresIn === "number") values.validity = formatValidity(language, given.expiresIn, texts);
  if (typeof given.minutes === "number") values.validity = formatValidity(language, given.minutes * 60, texts);
  if (given.expiresAt instanceof Date || typeof given.expiresAt === "number") values.expiresAt = formatDate(language, given.expiresAt as Date | number);

  const format = (message: string) => formatMessage(language, message, values);
  const greeting = kind === "invitation" ? [] : [input.name ? format(texts.greeting) : format(texts.greetingNoName)];
  const url = typeof given.url === "string" ? given.url : undefined;
  const laid = layoutMail({
    language,
    appName: input.appName,
    subject: formatMessage(language, kindTexts.subject, subjectValues(values)),
    // A paragraph about a date nobody gave (an invitation built without its expiry) is left out.
    lines: [...greeting, ...kindTexts.body.filter((line) => values.expiresAt !== undefined || !line.includes("{expiresAt}")).map(format)],
    action:
      kindTexts.action && url
        ? { label: format(kindTexts.action), url, fallback: format(texts.linkFallback), textLine: formatMessage(language, texts.actionLine, { action: format(kindTexts.action), url }) }
        : undefined,
    code: kind === "otp" || kind === "email-otp" ? values.code as string : undefined,
  });
  return { language, ...laid };
}

function subjectValues(values: MessageValues): MessageValues {
  const out: MessageValues = {};
  for (const key of SUBJECT_VALUES) if (values[key] !== undefined) out[key] = values[key];
  const name = out.organizationName;
  if (typeof name === "string" && [...name].length > SUBJECT_NAME_MAX) out.organizationName = `${[...name].slice(0, SUBJECT_NAME_MAX - 1).join("").trimEnd()}…`;
  return out;
}
