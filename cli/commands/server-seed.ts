/** `auth server seed`: a scenario's personas on an empty database, for QA and demos (issue 39; docs/qa.md). */
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { text } from "../i18n/index.js";
import { PREFER_ENV } from "../secret-flags.js";

type Flags = { scenario: string; db?: string; config?: string; force?: boolean; json?: boolean; jsonl?: boolean };

export function registerSeed(server: Command): void {
  server
    .command("seed")
    .description("fill an empty database with a scenario's personas: every account state, with fixed emails, passwords and TOTP secrets")
    .requiredOption("--scenario <name|file>", "demo, qa, or a JSON scenario file of your own")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .option("--force", "seed a database that already has users (the scenario's own users and organizations are replaced)")
    .addHelpText("after", helpAfter("Refused with NODE_ENV=production: the scenario passwords are public. The personas, their passwords, TOTP secrets and backup codes are printed (with --json as a JSON object with a personas list).", "auth server seed --scenario qa --db ./qa.db --json"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      // Before anything is opened: a production server's database is never a demo.
      if (process.env.NODE_ENV === "production") throw new CliError(text("qa", "seedInProduction"), EXIT.USAGE, "SEED_IN_PRODUCTION");
      const { loadScenario, ScenarioError } = await import("../../server/maintenance/seed/scenario.js");
      let scenario;
      try {
        scenario = loadScenario(flags.scenario);
      } catch (error) {
        if (error instanceof ScenarioError) throw new CliError(text("qa", "badScenario", { source: error.source, problems: error.problems.join("\n  ") }), EXIT.USAGE, "INVALID_SCENARIO");
        throw error;
      }
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
      const { withOfflineContext } = await import("../../server/maintenance/offline-context.js");
      const { seedScenario, SeedRefused } = await import("../../server/maintenance/seed/seed.js");
      const { displayTarget } = await import("../../server/db/target.js");
      let result;
      try {
        result = await withOfflineContext(config, (app) => seedScenario(app, scenario, { force: flags.force, nodeEnv: process.env.NODE_ENV }));
      } catch (error) {
        if (error instanceof SeedRefused && error.code === "DATABASE_NOT_EMPTY") throw new CliError(text("qa", "notEmpty", { db: displayTarget(config.db) }), EXIT.CONFLICT, error.code);
        throw error;
      }
      if (wantsJson(flags)) {
        printJson({ db: displayTarget(config.db), ...result });
        return;
      }
      info(text("qa", "seeded", { scenario: result.scenario, db: displayTarget(config.db), personas: result.personas.length, mails: result.mails }));
      for (const persona of result.personas) {
        info(`  ${persona.state.padEnd(19)} ${persona.email}  ${persona.password}`);
        if (persona.totpSecret) info(`  ${"".padEnd(19)} ${text("qa", "totp", { secret: persona.totpSecret, codes: persona.backupCodes!.join(" ") })}`);
      }
      for (const organization of result.organizations) info(text("qa", "organization", { name: organization.name, slug: organization.slug, roles: organization.roles.join(", "), teams: organization.teams.join(", ") }));
      for (const key of result.apiKeys) info(text("qa", "apiKey", { name: key.name, owner: key.owner, key: key.key, permissions: JSON.stringify(key.permissions) }));
      for (const app of result.apps) info(text("qa", app.providerEnabled ? "app" : "appProviderOff", { name: app.name, clientId: app.clientId, secret: app.clientSecret }));
    });
}
