/**
 * Latchkey on a SQLite file of a test's own, in this process, and the faults issue 44 tests put
 * around it: another process holding SQLite's write lock, sign-ups as the bounded write load.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { mergeConfig, resolveConfig } from "../../server/config.js";
import { openSqlite, type OpenedSqlite } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";

const SECRET = "sqlite-faults-secret-sqlite-faults-secret";

export interface Server {
  app: LatchkeyApp;
  api: string;
  database: OpenedSqlite;
  close(): Promise<void>;
}

export async function startSqliteServer(file: string, busyTimeoutMs: number, settings: Record<string, unknown> = {}): Promise<Server> {
  const database = openSqlite(file, { synchronous: "normal", busyTimeoutMs });
  await migrateToLatest(database.db);
  const config = resolveConfig(
    mergeConfig({ db: file, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false }, password: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, database: { busyTimeoutMs }, ...settings }, {}),
  );
  const app = await createApp({ config, db: database.db, secret: SECRET, logger: false });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as { port: number };
  return {
    app,
    api: `http://127.0.0.1:${port}${config.basePath}`,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function signUp(api: string, email: string): Promise<{ status: number; code?: string; token?: string; retryAfter: string | null }> {
  const response = await fetch(`${api}/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", name: "Fault" }),
  });
  const body = (await response.json()) as { code?: string; token?: string };
  return { status: response.status, code: body.code, token: body.token, retryAfter: response.headers.get("retry-after") };
}

/** Another process that takes SQLite's write lock and holds it until told to let go. */
export async function foreignLock(file: string): Promise<{ release(): Promise<void>; child: ChildProcess }> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN EXCLUSIVE");
    console.log("locked");
    process.stdin.once("data", () => { db.exec("COMMIT"); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ["-e", script, file], { cwd: process.cwd(), stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
    lines.once("line", (line) => (line === "locked" ? resolve() : reject(new Error(line))));
  });
  child.removeAllListeners("exit");
  return {
    child,
    release: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.stdin!.write("release\n");
      }),
  };
}
