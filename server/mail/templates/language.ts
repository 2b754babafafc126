/**
 * Which language a mail is written in. The recipient's stored choice wins; a mail caused by the
 * recipient's own request (sign-up, reset, change of address) otherwise follows that request's
 * Accept-Language; then the server's default.
 */
import { isLanguageTag, pickLanguage, type LanguageTag } from "../../../shared/languages.js";

export function recipientLanguage(
  defaultLanguage: LanguageTag,
  recipient: { language?: string | null } | null | undefined,
  acceptLanguage?: string | null,
): LanguageTag {
  if (isLanguageTag(recipient?.language)) return recipient.language;
  return pickLanguage(acceptLanguage, defaultLanguage);
}

/**
 * An invitation is read by the invitee: in their language when they have an account and chose
 * one; else in the inviter's (stored, or their request's), who likely shares the invitee's
 * language; else the default.
 */
export function invitationLanguage(
  defaultLanguage: LanguageTag,
  invitee: { language?: string | null } | null | undefined,
  inviter: { language?: string | null } | null | undefined,
  inviterAcceptLanguage?: string | null,
): LanguageTag {
  if (isLanguageTag(invitee?.language)) return invitee.language;
  return recipientLanguage(defaultLanguage, inviter, inviterAcceptLanguage);
}
