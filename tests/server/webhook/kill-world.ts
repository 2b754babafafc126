/**
 * What the kill -9 webhook tests share: a database, a receiver that verifies signatures, a
 * folder with a cheap-hashing config, real `auth server start` processes on that database
 * (stopped at the end if still alive), and an enabled endpoint pointing at the receiver.
 * Registers its own beforeAll/afterAll; call it inside the test file's describe.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freePort, startCliServer, stopProcess, type CliServer } from "../../helpers/run-cli.js";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database.js";
import { newWebhookSecret, sealWebhookSecret } from "../../../server/webhook/secret.js";
import { startReceiver, type Receiver } from "./receiver.js";

export interface KillWorld {
  database: TestDatabase;
  receiver: Receiver;
  /** A new server process on the world's database. */
  start(): Promise<{ server: CliServer; api: string }>;
  /** An enabled endpoint at the receiver selecting `events`; the receiver verifies with its secret. */
  subscribe(id: string, events: readonly string[]): Promise<void>;
}

export function killWorld(folderPrefix: string, authSecret: string): KillWorld {
  const servers: CliServer[] = [];
  let cwd = "";
  const world = { servers } as unknown as KillWorld;

  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.receiver = await startReceiver();
    cwd = mkdtempSync(join(tmpdir(), folderPrefix));
    writeFileSync(join(cwd, "config.json"), JSON.stringify({ password: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, logLevel: "warn" }));
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await stopProcess(server.child);
    await world.receiver?.close();
    await world.database?.drop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  world.start = async () => {
    const port = await freePort();
    const server = await startCliServer(["--port", String(port), "--no-rate-limit", "--config", join(cwd, "config.json")], {
      cwd,
      env: { AUTH_DB: world.database.target, AUTH_SECRET: authSecret, NODE_ENV: "development" },
    });
    servers.push(server);
    return { server, api: `http://127.0.0.1:${port}/api/auth` };
  };
  world.subscribe = async (id, events) => {
    const secret = newWebhookSecret();
    const now = Date.now();
    await world.database.database.db
      .insertInto("webhookEndpoint")
      .values({ id, url: world.receiver.url, description: null, events: JSON.stringify(events), secretSealed: sealWebhookSecret(secret, authSecret), previousSecretSealed: null, previousUntil: null, disabled: 0, failedInARow: 0, createdBy: null, createdAt: now, updatedAt: now })
      .execute();
    world.receiver.secrets = [secret];
  };
  return world;
}
