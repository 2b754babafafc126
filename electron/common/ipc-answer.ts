/**
 * How main answers every IPC call: `{ ok: true, value }` or `{ ok: false, error: { code, message } }`.
 * Electron carries only an Error's message across IPC (and prefixes it with "Error invoking remote
 * method …"), so a thrown error would lose its code; an answer keeps it, and the preload's bridge
 * turns a failure back into a DesktopCallError for the page. No zod here (the preload bundles it).
 */
export type IpcErrorCode =
  /** The renderer sent arguments the contract's schema refuses: nothing was done. */
  | "INVALID_IPC_ARGUMENT"
  /** Main refused or could not do the call (no server selected, not an http(s) link, …); the message says why. */
  | "DESKTOP_CALL_FAILED";

export interface IpcFailure {
  ok: false;
  error: { code: IpcErrorCode; message: string };
}
export type IpcAnswer<T> = { ok: true; value: T } | IpcFailure;

/** What the page's promise rejects with when main answers a failure. */
export class DesktopCallError extends Error {
  readonly code: IpcErrorCode;
  constructor(code: IpcErrorCode, message: string) {
    super(message);
    this.name = "DesktopCallError";
    this.code = code;
  }
}

export function isIpcAnswer(value: unknown): value is IpcAnswer<unknown> {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (answer.ok === true) return "value" in answer;
  return answer.ok === false && typeof answer.error?.code === "string" && typeof answer.error.message === "string";
}
