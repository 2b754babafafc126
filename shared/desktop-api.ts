/**
 * What the Electron shell offers the renderer, and nothing more. Main implements it, preload
 * exposes it as `window.latchkey` through contextBridge, and the renderer checks for it: in a
 * plain browser (the web console) it is absent and the renderer talks to its own origin.
 *
 * Session credentials never reach the renderer: API calls go through `request`, and main adds
 * the stored bearer token, keeps any token the server issues (`set-auth-token`), and answers
 * with every session token in headers and bodies replaced by an opaque handle
 * (electron/main/session-tokens.ts).
 */

/** A server the app knows: a remote one, or the local server it runs itself. */
export interface SavedServer {
  id: string;
  /** Shown in the server list. */
  name: string;
  /** Origin, e.g. https://auth.example.com or http://127.0.0.1:41234 */
  url: string;
  kind: "remote" | "local";
  /** Whether main holds a session credential for it (the credential itself stays in main). */
  signedIn: boolean;
}

export type LocalServerState = "stopped" | "starting" | "running" | "stopping" | "failed";

export interface LocalServerStatus {
  state: LocalServerState;
  /** Set while running. */
  url: string | null;
  databasePath: string;
  version: string;
  /** Why the last start failed, when state is "failed". */
  error: string | null;
  pid: number | null;
  /** Whether the database exists: false on first run, when `setup` (not `start`) is the way in. */
  initialized: boolean;
}

export interface LocalServerSetup {
  /** The first administrator, created before the server is first started. */
  admin: { email: string; password: string; name: string };
}

/** The steps of a snapshot's restore, in order, as the window shows them. */
export type LocalRestorePhase = "stopping" | "restoring" | "starting";

export interface LocalRestoreProgress {
  name: string;
  phase: LocalRestorePhase;
}

export interface LocalRestoreResult {
  name: string;
  /** Rows the restored database holds (as `auth server snapshot restore` counts them). */
  total: number;
  /** The local server after the restore: running again, on the same address. */
  status: LocalServerStatus;
}

/** What main pushes about the local server: status changes, log lines, a restore's steps. */
export interface LocalServerEvent {
  status?: LocalServerStatus;
  log?: string;
  restore?: LocalRestoreProgress;
}

/** Who signed in through the browser (the session itself stays in main). */
export interface BrowserSignInResult {
  email: string;
  name: string;
}

/** An HTTP request made by main on the renderer's behalf (the API's JSON calls). */
export interface DesktopRequest {
  method: "GET" | "POST";
  /**
   * Absolute URL on the active server, or on the app's own origin (`location.origin` in the
   * shell), which main sends to the active server: the renderer need not know which one it is.
   */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface DesktopResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface DesktopApi {
  /** Marks the shell; lets the renderer tell Electron from a browser without guessing. */
  readonly shell: "electron";
  readonly platform: string;
  readonly appVersion: string;

  /** Servers the app remembers, and which one the window is using. */
  listServers(): Promise<SavedServer[]>;
  activeServer(): Promise<SavedServer | null>;
  addServer(input: { name: string; url: string }): Promise<SavedServer>;
  removeServer(id: string): Promise<void>;
  useServer(id: string): Promise<SavedServer>;

  /** Calls the active server's API with the stored credential; keeps a token the server issues. */
  request(request: DesktopRequest): Promise<DesktopResponse>;
  /** Forgets the active server's stored credential (after sign-out). */
  forgetCredential(): Promise<void>;

  /** The server this app runs itself (a utility process, database in the app's data folder). */
  localServer: {
    status(): Promise<LocalServerStatus>;
    /** First run: create the database and the first administrator, then start. */
    setup(input: LocalServerSetup): Promise<LocalServerStatus>;
    start(): Promise<LocalServerStatus>;
    stop(): Promise<LocalServerStatus>;
    /** The last lines the server wrote (newest last). */
    logs(): Promise<string[]>;
    /**
     * Puts the snapshot NAME (letters, digits, - and _; never a path) of the local database back:
     * stops the server, restores with the CLI's code, starts it again on the same address. Steps
     * arrive through `subscribe` ({ restore }). Rejects in words (no such snapshot, another
     * secret, …); the server is started again on the data it had.
     */
    restoreSnapshot(name: string): Promise<LocalRestoreResult>;
    /** Called with each status change, new log line and restore step; returns an unsubscribe function. */
    subscribe(listener: (event: LocalServerEvent) => void): () => void;
  };

  /** Opens an http(s) URL in the system browser (never inside the app). */
  openExternal(url: string): Promise<void>;

  /**
   * Signs a person in on the active server through the system browser (the desktop hand-off,
   * docs/desktop.md): resolves once the app holds their session, which becomes the active
   * account; rejects when the browser does not come back or the server refuses the code.
   */
  signInWithBrowser(): Promise<BrowserSignInResult>;
}

declare global {
  interface Window {
    /** Present only inside the Electron shell. */
    latchkey?: DesktopApi;
  }
}
