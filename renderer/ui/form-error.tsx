/** A form's failure in words, announced to screen readers: a server error (through errorText) or a message. Nothing when there is none. */
import type { ReactNode } from "react";
import { errorText } from "./errors";

export function FormError({ error, children }: { error?: unknown; children?: ReactNode }) {
  const message = error ? errorText(error) : children;
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
