/**
 * Preload exposes the DesktopApi only into an isolated world. Without context isolation the
 * page's own scripts would share preload's globals (and ipcRenderer), so preload refuses to run.
 */
export function assertContextIsolated(proc: { contextIsolated?: boolean }): void {
  if (proc.contextIsolated !== true) {
    throw new Error("Latchkey's preload refuses to run without context isolation (webPreferences.contextIsolation must be true).");
  }
}

/** The app version main passes in additionalArguments (a sandboxed preload cannot ask `app`). */
export function appVersionFromArgv(argv: readonly string[], prefix: string): string {
  const arg = argv.find((a) => a.startsWith(prefix));
  return arg ? arg.slice(prefix.length) : "0.0.0";
}
