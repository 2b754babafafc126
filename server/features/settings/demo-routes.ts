/**
 * The console's Demo data section (issue 39, shared/contract/settings-demo.ts): seed a built-in
 * scenario, save and list snapshots, read the personas. A LOCAL server only — started with `--dev`
 * or as the desktop app's local server (which listens on loopback only), never with
 * NODE_ENV=production, asked over a connection from this machine — so the public passwords and a
 * seed that replaces accounts never reach a server people really use. Everywhere else the
 * endpoints answer 404, as if absent.
 */
import { defineHandlers, type HandlerContext } from "../../http/handler.js";
import type { EndpointSpec } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { requirePermission } from "../../core/admin-access.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { displayTarget, isPostgresUrl } from "../../db/target.js";
import { loadScenario } from "../../maintenance/seed/scenario.js";
import { seedScenario } from "../../maintenance/seed/seed.js";
import { demoPersonas, seededPersonas } from "../../maintenance/seed/personas.js";
import { listSnapshots, listSnapshotsIn, saveLivePostgresSnapshot, saveLiveSnapshot, SnapshotExists } from "../../maintenance/snapshots.js";

/**
 * Permission first (as the clock), then the place: 404 on anything but a local server. The
 * connection is checked, not `meta.ip`: with trustProxy that address is X-Forwarded-For's, which
 * the caller writes, and a proxy on this host relays strangers from 127.0.0.1 (http/this-machine.ts).
 */
function assertLocalServer(ctx: HandlerContext<EndpointSpec>): void {
  requirePermission(ctx.app.config, ctx.auth!.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
  const local = Boolean(ctx.app.devClock) || ctx.app.desktopLocal === true;
  const production = ctx.app.config.production || process.env.NODE_ENV === "production";
  if (!local || production || ctx.meta.fromThisMachine?.() !== true) throw apiError("DEMO_DATA_LOCAL_ONLY");
}

/** Where this database's snapshots live, and what names it to `auth server snapshot restore`; null folder: nowhere (PostgreSQL without a config file). */
function snapshotPlace(app: AppContext): { kind: "sqlite"; file: string; flags: string } | { kind: "postgres"; folder: string | null; flags: string } | null {
  const { db } = app.config;
  if (db === ":memory:") return null;
  if (!isPostgresUrl(db)) return { kind: "sqlite", file: db, flags: `--db ${db}` };
  return app.configFile ? { kind: "postgres", folder: `${app.configFile}.snapshots`, flags: `--config ${app.configFile}` } : { kind: "postgres", folder: null, flags: `--db ${displayTarget(db)} --dir FOLDER` };
}

export const demoHandlers = defineHandlers({
  adminDemoData: async (ctx) => {
    assertLocalServer(ctx);
    const place = snapshotPlace(ctx.app);
    const found = !place ? null : place.kind === "sqlite" ? listSnapshots(place.file) : place.folder ? listSnapshotsIn(place.folder) : null;
    return {
      ...(await seededPersonas(ctx.app)),
      snapshots: found && found.map(({ name, bytes, createdAt }) => ({ name, bytes, createdAt })),
      database: displayTarget(ctx.app.config.db),
      restoreFlags: place?.flags ?? `--db ${ctx.app.config.db}`,
    };
  },
  adminDemoSeed: async (ctx) => {
    assertLocalServer(ctx);
    const scenario = loadScenario(ctx.body.scenario);
    // The seed replaces the scenario's own accounts: the caller's among them would end this session mid-seed.
    if (scenario.personas.some((persona) => normalizeEmail(persona.email) === ctx.auth.user.email)) throw apiError("DEMO_SEED_WOULD_REMOVE_YOU");
    const result = await seedScenario(ctx.app, scenario, { force: true, nodeEnv: process.env.NODE_ENV });
    ctx.audit({ action: "server.demo-seed", metadata: { scenario: ctx.body.scenario, personas: result.personas.length } });
    return {
      scenario: ctx.body.scenario,
      personas: demoPersonas(ctx.body.scenario, scenario),
      apiKeys: result.apiKeys.map(({ name, owner, key }) => ({ name, owner, key })),
      apps: result.apps,
      mails: result.mails,
    };
  },
  adminDemoSaveSnapshot: async (ctx) => {
    assertLocalServer(ctx);
    const place = snapshotPlace(ctx.app);
    if (!place || (place.kind === "postgres" && !place.folder)) throw apiError("SNAPSHOT_NEEDS_CONFIG_FILE");
    const replace = ctx.body.replace === true;
    try {
      const saved =
        place.kind === "sqlite"
          ? await saveLiveSnapshot(ctx.app.db as never, place.file, ctx.body.name, replace)
          : await saveLivePostgresSnapshot({ db: ctx.app.db, dialect: "postgres" }, place.folder!, ctx.body.name, replace);
      const { name, bytes, createdAt } = saved;
      ctx.audit({ action: "server.demo-snapshot", metadata: { name, bytes } });
      return { name, bytes, createdAt };
    } catch (error) {
      if (error instanceof SnapshotExists) throw apiError("SNAPSHOT_EXISTS");
      throw error;
    }
  },
});
