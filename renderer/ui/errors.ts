/**
 * Turning a failed call into words for a person: the catalogue code's translated text when the
 * catalogue knows it, else the server's own message. Never a raw code alone.
 */
import { toast } from "sonner";
import { i18next } from "../i18n";

interface CodedError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as CodedError | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  const status = (error as CodedError | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** A sentence for the person in front of the screen. */
export function errorText(error: unknown): string {
  const code = errorCode(error);
  if (code && i18next.exists(code, { ns: "errors" })) return i18next.t(code, { ns: "errors" });
  const message = (error as CodedError | null)?.message;
  if (typeof message === "string" && message.trim()) return message;
  return i18next.t("errorTitle", { ns: "common" });
}

/** Shows the error as a toast; use in mutations' onError. */
export function toastError(error: unknown): void {
  toast.error(errorText(error));
}
