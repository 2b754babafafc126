/**
 * Words for a failed sign-in or sign-up. A ban carries its reason in the server's own message
 * ("… Reason: spam"), so that message is shown whole; everything else goes through the catalogue.
 */
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorCode, errorText } from "../../ui/errors";

export function authErrorText(error: unknown): string {
  if (errorCode(error) === "BANNED_USER") {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
  }
  return errorText(error);
}

/**
 * Puts a server error next to the field it is about (catalogue code → field name); returns
 * false when the error belongs to no field and should be shown for the whole form.
 */
export function placeFieldError<T extends FieldValues>(error: unknown, fields: Partial<Record<string, FieldPath<T>>>, setError: UseFormSetError<T>): boolean {
  const code = errorCode(error);
  // Own keys only: a code such as `constructor` must not find Object.prototype's.
  const field = code && Object.hasOwn(fields, code) ? fields[code] : undefined;
  if (!field) return false;
  setError(field, { type: "server", message: errorText(error) }, { shouldFocus: true });
  return true;
}

/**
 * A field error in words: the form's own checks carry a key into auth.json's `validation`,
 * server errors placed by placeFieldError carry their text already.
 */
export function useFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation("auth");
  return (error) => {
    if (!error?.message) return undefined;
    return error.type === "server" ? error.message : t(`validation.${error.message}`);
  };
}
