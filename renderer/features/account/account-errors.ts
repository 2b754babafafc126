/** Server errors placed on the form field they are about; the rest shown for the whole form. */
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorCode, errorText } from "../../ui/errors";

export function placeFieldError<T extends FieldValues>(error: unknown, fields: Partial<Record<string, FieldPath<T>>>, setError: UseFormSetError<T>, text = errorText(error)): boolean {
  const code = errorCode(error);
  // Own keys only: a code such as `constructor` must not find Object.prototype's.
  const field = code && Object.hasOwn(fields, code) ? fields[code] : undefined;
  if (!field) return false;
  setError(field, { type: "server", message: text }, { shouldFocus: true });
  return true;
}

/** Form checks carry a key into account.json's `validation`; server errors carry their text. */
export function useFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation("account");
  return (error) => {
    if (!error?.message) return undefined;
    return error.type === "server" ? error.message : t(`validation.${error.message}`);
  };
}
