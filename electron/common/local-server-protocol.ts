/**
 * Messages between main (server-host.ts) and the local server's process (local-server-entry.ts).
 * The same messages travel over Electron's `process.parentPort` (utilityProcess) and over Node's
 * IPC channel (child_process.fork, in tests).
 */
export interface SetupAdmin {
  email: string;
  password: string;
  name: string;
}

export type ToServer =
  | { type: "start"; db: string; host: string; port: number; setup?: { admin: SetupAdmin } }
  | { type: "stop" }
  /**
   * Put the snapshot NAME back in place of `db` with the CLI's own restore (server/maintenance/restore.ts), in a
   * process started for that alone, while no server has the database open; then the process exits.
   */
  | { type: "restore"; db: string; name: string };

export type FromServer =
  | { type: "ready"; url: string }
  | { type: "failed"; message: string; code?: string }
  | { type: "restored"; total: number }
  | { type: "stopped" };

/** A child process as main sees it: Electron's UtilityProcess or Node's ChildProcess, adapted. */
export interface ServerChild {
  readonly pid: number | undefined;
  postMessage(message: ToServer): void;
  onMessage(listener: (message: FromServer) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
}

export type ForkServer = (entry: string) => ServerChild;

/** Structural view of Electron's UtilityProcess (no import of electron here: tests run in Node). */
interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: unknown): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  kill(): boolean;
}

export function adaptUtilityProcess(child: UtilityProcessLike): ServerChild {
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on("message", (message) => listener(message as FromServer)),
    onExit: (listener) => void child.on("exit", (code) => listener(code)),
    kill: () => void child.kill(),
  };
}

/** Structural view of Node's ChildProcess from child_process.fork with an IPC channel. */
interface NodeChildLike {
  readonly pid?: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  readonly connected: boolean;
  send(message: unknown): boolean;
  on(event: "message", listener: (message: unknown) => void): unknown;
  on(event: "exit", listener: (code: number | null, signal: string | null) => void): unknown;
  kill(signal?: NodeJS.Signals): boolean;
}

export function adaptNodeChild(child: NodeChildLike): ServerChild {
  return {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    postMessage: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (listener) => void child.on("message", (message) => listener(message as FromServer)),
    onExit: (listener) => void child.on("exit", (code) => listener(code)),
    kill: () => void child.kill("SIGKILL"),
  };
}
