/**
 * The console's Demo data section (issue 39, shared/contract/demo.ts): seed a built-in scenario,
 * save and list snapshots, read the personas. A LOCAL development server only — started with
 * `--dev`, never with NODE_ENV=production, asked from a loopback address — so the public
 * passwords and a seed that replaces accounts never reach a server people really use. Everywhere
 * else the endpoints answer 404, as if absent.
 */
import { defineHandlers, type HandlerContext } from "../../http/handler.js";
import type { EndpointSpec } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import { requirePermission } from "../../core/admin-access.js";
import { isLoopbackHost } from "../../core/loopback.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { displayTarget, isPostgresUrl } from "../../db/target.js";
import { loadScenario } from "../../maintenance/seed/scenario.js";
import { seedScenario } from "../../maintenance/seed/seed.js";
import { demoPersonas, seededPersonas } from "../../maintenance/seed/personas.js";
import { listSnapshots, saveLiveSnapshot, SnapshotExists } from "../../maintenance/snapshots.js";

/** Permission first (as the clock), then the place: 404 on anything but a local development server. */
function assertLocalDevServer(ctx: HandlerContext<EndpointSpec>): void {
  requirePermission(ctx.app.config, ctx.auth!.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
  if (!ctx.app.devClock || process.env.NODE_ENV === "production" || !isLoopbackHost(ctx.meta.ip)) throw apiError("DEMO_DATA_LOCAL_ONLY");
}

const sqliteFile = (db: string) => (isPostgresUrl(db) || db === ":memory:" ? null : db);

export const demoHandlers = defineHandlers({
  adminDemoData: async (ctx) => {
    assertLocalDevServer(ctx);
    const file = sqliteFile(ctx.app.config.db);
    return { ...(await seededPersonas(ctx.app)), snapshots: file ? listSnapshots(file).map(({ name, bytes, createdAt }) => ({ name, bytes, createdAt })) : null, database: displayTarget(ctx.app.config.db) };
  },
  adminDemoSeed: async (ctx) => {
    assertLocalDevServer(ctx);
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
    assertLocalDevServer(ctx);
    const file = sqliteFile(ctx.app.config.db);
    if (!file) throw apiError("SNAPSHOT_NEEDS_SQLITE");
    try {
      const { name, bytes, createdAt } = await saveLiveSnapshot(ctx.app.db as never, file, ctx.body.name, ctx.body.replace === true);
      ctx.audit({ action: "server.demo-snapshot", metadata: { name, bytes } });
      return { name, bytes, createdAt };
    } catch (error) {
      if (error instanceof SnapshotExists) throw apiError("SNAPSHOT_EXISTS");
      throw error;
    }
  },
});
