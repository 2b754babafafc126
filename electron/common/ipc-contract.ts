/**
 * The one IPC contract between the page and main: per call, the zod schema of its arguments (a
 * tuple: exactly what the preload passes to `invoke`) and its result type. Main parses every
 * incoming call with the schema before a handler runs (main/ipc.ts), and the preload's bridge is
 * typed from the same entries (preload/desktop-bridge.ts imports only the types), so the bridge,
 * main's handlers and DesktopApi cannot drift apart without a compile error.
 *
 * The schemas check shape and size; meaning (is the URL http(s), is the email an address, is the
 * server the active one) stays with the code that acts on it, which answers in words.
 */
import { z } from "zod";
import { SNAPSHOT_NAME } from "../../shared/contract/settings-demo.js";
import type { BrowserSignInResult, DesktopResponse, LocalRestoreResult, LocalServerStatus, SavedServer } from "../../shared/desktop-api.js";
import type { IpcName } from "./channels.js";

/** A call: its argument tuple's schema and, as a type only, its result. */
interface IpcCall<Args extends z.ZodTuple, Result> {
  args: Args;
  /** Never set: carries the result type. */
  result: Result;
}
const returns =
  <Result>() =>
  <Args extends z.ZodTuple>(args: Args): IpcCall<Args, Result> => ({ args, result: undefined as Result });

const none = z.tuple([]);
const serverId = z.string().min(1).max(100);
/** Generous limits: the code that acts on the values gives the messages people read. */
const text = (max: number) => z.string().max(max);

const desktopRequest = z
  .object({
    method: z.enum(["GET", "POST"]),
    url: text(8192),
    headers: z.record(z.string().max(256), text(16_384)).default({}),
    body: text(1024 * 1024).optional(),
  })
  .strict();

const localSetup = z
  .object({ admin: z.object({ email: text(320), password: text(1024), name: text(256) }).strict() })
  .strict();

/** A snapshot's name as `auth server snapshot` takes it: a file name, never a path (no dots, no separators). */
const snapshotName = z.string().regex(SNAPSHOT_NAME, "a snapshot name has letters, digits, - and _ only (at most 64)");

export const IPC_CONTRACT = {
  listServers: returns<SavedServer[]>()(none),
  activeServer: returns<SavedServer | null>()(none),
  addServer: returns<SavedServer>()(z.tuple([z.object({ name: text(200).optional(), url: text(2048) }).strict()])),
  removeServer: returns<void>()(z.tuple([serverId])),
  useServer: returns<SavedServer>()(z.tuple([serverId])),
  request: returns<DesktopResponse>()(z.tuple([desktopRequest])),
  forgetCredential: returns<void>()(none),
  localStatus: returns<LocalServerStatus>()(none),
  localSetup: returns<LocalServerStatus>()(z.tuple([localSetup])),
  localStart: returns<LocalServerStatus>()(none),
  localStop: returns<LocalServerStatus>()(none),
  localLogs: returns<string[]>()(none),
  localRestoreSnapshot: returns<LocalRestoreResult>()(z.tuple([snapshotName])),
  openExternal: returns<void>()(z.tuple([text(8192)])),
  signInWithBrowser: returns<BrowserSignInResult>()(none),
} as const satisfies Record<IpcName, IpcCall<z.ZodTuple, unknown>>;

type Contract = typeof IPC_CONTRACT;
/** What the page passes (before defaults). */
export type IpcArgs<N extends IpcName> = z.input<Contract[N]["args"]>;
/** What main's handler receives (parsed, defaults filled in). */
export type IpcParsedArgs<N extends IpcName> = z.output<Contract[N]["args"]>;
export type IpcResult<N extends IpcName> = Contract[N]["result"];

/** Main's side: one handler per call, receiving parsed arguments. */
export type IpcHandlers = { [N in IpcName]: (...args: IpcParsedArgs<N>) => IpcResult<N> | Promise<IpcResult<N>> };
