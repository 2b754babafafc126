/**
 * Every language's mail texts: `i18n/<language>/mail.json` (the shared catalogue tree and
 * format, shared/i18n/catalogues.ts), typed by the shape below.
 */
import { catalogue } from "../../../../shared/i18n/catalogues.js";
import { LANGUAGE_TAGS, type LanguageTag } from "../../../../shared/languages.js";
import type { MailTexts } from "./types.js";

export const MAIL_TEXTS: Readonly<Record<LanguageTag, MailTexts>> = Object.fromEntries(LANGUAGE_TAGS.map((language) => [language, catalogue("mail", language) satisfies MailTexts])) as Record<LanguageTag, MailTexts>;
export { TEMPLATE_KINDS, type MailTexts, type TemplateKind } from "./types.js";
