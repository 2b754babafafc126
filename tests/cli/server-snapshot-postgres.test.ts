/**
 * `auth server snapshot` on PostgreSQL as real processes (issue 39): a database of its own is
 * seeded with `qa` and saved to a SQLite file in --dir (folder 0700, file 0600); a persona is banned
 * through the API; restore is refused while the server is connected and changes nothing; once the
 * server is stopped the restore brings the database back and the ban is gone. The default folder
 * sits beside the config file; list and delete work on that folder, and so does the console's Demo
 * data section on a server started with that file: the restore command it shows brings its snapshot back.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, stopProcess } from "../helpers/run-cli.js";
import { callApi, cliEnv, signInPersona, startQaServer } from "../helpers/qa-server.js";
import { createPostgresDatabase, type ScratchPostgresDatabase } from "../helpers/postgres.js";

const SECRET = "snapshot-pg-test-secret-snapshot-0001";
const env = cliEnv(SECRET);

let dir: string;
let folder: string;
let scratch: ScratchPostgresDatabase;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-pg-snapshot-"));
  folder = join(dir, "snapshots");
  scratch = await createPostgresDatabase("latchkey_snapshot");
  const seeded = await runCli(["server", "seed", "--scenario", "qa", "--db", scratch.url, "--json"], { env, timeoutMs: 90_000 });
  expect(seeded.code, seeded.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const snapshot = (args: string[]) => runCli(["server", "snapshot", ...args, "--db", scratch.url, "--dir", folder], { env, timeoutMs: 90_000 });

const start = () => startQaServer(["--db", scratch.url], SECRET);
const call = callApi;
const signIn = signInPersona;

describe("auth server snapshot on PostgreSQL (issue 39)", () => {
  it("saves to a SQLite file in --dir (0700/0600); restore is refused while a server is connected, then takes back a ban", async () => {
    const saved = await snapshot(["save", "seeded", "--json"]);
    expect(saved.code, saved.stderr).toBe(0);
    const report = JSON.parse(saved.stdout);
    expect(report).toMatchObject({ name: "seeded", file: join(folder, "seeded.db") });
    expect(report.total).toBeGreaterThan(10);
    expect(statSync(report.file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    // No temporary file, journal or secret is left beside it.
    expect(readdirSync(folder)).toEqual(["seeded.db"]);

    const server = await start();
    try {
      const member = await signIn(server.url, "member");
      expect(member.status).toBe(200);
      const admin = await signIn(server.url, "admin");
      const banned = await call(server.url, "/admin/ban-user", { userId: member.body.user.id, banReason: "snapshot test" }, admin.body.token);
      expect(banned.status, JSON.stringify(banned.body)).toBe(200);
      expect((await signIn(server.url, "member")).body.code).toBe("BANNED_USER");

      const refused = await snapshot(["restore", "seeded", "--yes"]);
      expect(refused.code, refused.stderr).toBe(6);
      expect(refused.stderr).toContain("A server has");
      expect((await signIn(server.url, "member")).body.code).toBe("BANNED_USER");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }

    // Without --yes (and no terminal) the restore asks, and nothing is replaced.
    const unconfirmed = await snapshot(["restore", "seeded"]);
    expect(unconfirmed.code).toBe(2);

    const restored = await snapshot(["restore", "seeded", "--yes", "--json"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ name: "seeded", from: join(folder, "seeded.db"), total: report.total });
    // The snapshot itself is read through a copy: it is left as saved.
    expect(readdirSync(folder)).toEqual(["seeded.db"]);

    const after = await start();
    try {
      expect((await signIn(after.url, "member")).status).toBe(200);
    } finally {
      expect(await stopProcess(after.child)).toBe(0);
    }
  }, 240_000);

  it("refuses a snapshot saved under another secret, and names that are not plain slugs", async () => {
    // The database has met a server now: it holds the key-check value its secret sealed.
    expect((await snapshot(["save", "keyed"])).code).toBe(0);
    const other = await runCli(["server", "snapshot", "restore", "keyed", "--yes", "--db", scratch.url, "--dir", folder], { env: { ...env, AUTH_SECRET: "another-secret-another-secret-000001" }, timeoutMs: 60_000 });
    expect(other.code, other.stderr).toBe(9);
    expect(other.stderr).toContain("secret");
    for (const name of ["../x", "a/b", ".hidden"]) {
      const refused = await snapshot(["save", name]);
      expect(refused.code, name).toBe(2);
      expect(refused.stderr).toContain("is not a snapshot name");
    }
    expect(readdirSync(folder).sort()).toEqual(["keyed.db", "seeded.db"]);
  }, 90_000);

  it("keeps snapshots beside the config file by default; list and delete work there", async () => {
    const config = join(dir, "latchkey.json");
    writeFileSync(config, JSON.stringify({ db: scratch.url }));
    const beside = (args: string[]) => runCli(["server", "snapshot", ...args, "--config", config], { env, timeoutMs: 90_000 });
    expect((await beside(["save", "second"])).code).toBe(0);
    const listed = await beside(["list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const list = JSON.parse(listed.stdout);
    expect(list.folder).toBe(`${config}.snapshots`);
    expect(list.snapshots.map((s: { name: string }) => s.name)).toEqual(["second"]);
    expect(statSync(`${config}.snapshots`).mode & 0o777).toBe(0o700);

    const deleted = await beside(["delete", "second", "--yes", "--json"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(existsSync(join(`${config}.snapshots`, "second.db"))).toBe(false);
    expect((await beside(["delete", "second", "--yes"])).code).toBe(5);
  }, 120_000);

  it("the console's Demo data section saves beside the config file of `auth server start --config --dev`, and the command it shows restores that snapshot", async () => {
    const config = join(dir, "console.json");
    writeFileSync(config, JSON.stringify({ db: scratch.url }));
    const server = await startQaServer(["--config", config, "--dev"], SECRET);
    const url = server.url;
    let shown = "";
    try {
      const admin = await signIn(url, "admin");
      expect(admin.status).toBe(200);
      const saved = await call(url, "/admin/dev/demo/snapshots", { name: "from-console" }, admin.body.token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const section = await fetch(`${url}/api/auth/admin/dev/demo`, { headers: { authorization: `Bearer ${admin.body.token}` } });
      const body = (await section.json()) as { snapshots: Array<{ name: string }>; restoreFlags: string };
      expect(body.snapshots.map((snapshot) => snapshot.name)).toEqual(["from-console"]);
      expect(statSync(join(`${config}.snapshots`, "from-console.db")).mode & 0o777).toBe(0o600);
      // What the section shows, with no database password in it: the config file names the database.
      expect(body.restoreFlags).toBe(`--config ${config}`);
      shown = `server snapshot restore from-console ${body.restoreFlags} --yes`;
      const member = await signIn(url, "member");
      expect((await call(url, "/admin/ban-user", { userId: member.body.user.id, banReason: "console snapshot test" }, admin.body.token)).status).toBe(200);
      expect((await signIn(url, "member")).body.code).toBe("BANNED_USER");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }
    // The command as shown (after `auth`), run with the server stopped.
    const restored = await runCli(shown.split(" "), { env, timeoutMs: 90_000 });
    expect(restored.code, restored.stderr).toBe(0);
    const after = await start();
    try {
      expect((await signIn(after.url, "member")).status).toBe(200);
    } finally {
      expect(await stopProcess(after.child)).toBe(0);
    }
  }, 240_000);
});
