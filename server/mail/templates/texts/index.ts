/** Every language's mail texts; adding a language is one file here and one line below. */
import type { LanguageTag } from "../../../../shared/languages.js";
import { de } from "./de.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import { pl } from "./pl.js";
import { ru } from "./ru.js";
import { tr } from "./tr.js";
import type { MailTexts } from "./types.js";
import { uk } from "./uk.js";

export const MAIL_TEXTS: Readonly<Record<LanguageTag, MailTexts>> = { ru, uk, en, es, de, pl, fr, tr };
export { TEMPLATE_KINDS, type MailTexts, type TemplateKind } from "./types.js";
