/**
 * Latchkey extension (issue 39): the console's "Demo data" section on the Server page — seed a
 * built-in scenario into the running server, save and list snapshots, and read the personas (with
 * their public passwords and TOTP secrets) for copy buttons and live codes.
 *
 * Only a LOCAL server answers: started with `--dev` or as the desktop app's local server (both
 * refused with NODE_ENV=production; the desktop's listens on loopback only), asked over a
 * connection from this machine (a loopback peer, no proxy header: never X-Forwarded-For's word).
 * Everywhere else each endpoint answers `404 DEMO_DATA_LOCAL_ONLY`, as if it were absent. The
 * caller needs settings:update and a person's own session: never an API key, never an
 * impersonation (`credentials: "configure"`); seeding also needs a fresh session, since it makes
 * a server administrator with a public password. Restoring a snapshot replaces the database under
 * the server, so it stays a command run with the server stopped (docs/architecture.md).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate } from "./schemas.js";

export const DEMO_SCENARIOS = ["demo", "qa"] as const;
/** Plain file names on every system: no separators, no dots, so never `../x` (as `auth server snapshot`). */
export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const demoPersonaSchema = z.object({
  scenario: z.enum(DEMO_SCENARIOS),
  email: z.string(),
  name: z.string(),
  password: z.string(),
  state: z.string(),
  /** Base32 TOTP seed of a two-factor persona: the console computes its current code in the browser. */
  totpSecret: z.string().optional(),
  backupCodes: z.array(z.string()).optional(),
  note: z.string().optional(),
});
export type DemoPersona = z.infer<typeof demoPersonaSchema>;

const snapshotSchema = z.object({ name: z.string(), bytes: z.number().int(), createdAt: isoDate });

const GUARD = {
  access: "session",
  credentials: "configure",
  requires: "settings:update",
  permissionBeforeBody: { permission: { settings: ["update"] }, code: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS" },
} as const;

export const demoEndpoints = {
  adminDemoData: endpoint({
    method: "GET",
    path: "/admin/dev/demo",
    summary: "Latchkey extension, local development servers only (`auth server start --dev`, loopback callers): the seeded built-in scenarios' personas, and the database's snapshots; 404 DEMO_DATA_LOCAL_ONLY elsewhere",
    tags: ["admin", "settings"],
    ...GUARD,
    response: z.object({
      scenarios: z.array(z.enum(DEMO_SCENARIOS)),
      /** Personas of the built-in scenarios whose accounts are in this database. */
      personas: z.array(demoPersonaSchema),
      /**
       * Newest first. Null on PostgreSQL when the server was started without a config file: its
       * snapshots are kept in `<config file>.snapshots`, and there is none.
       */
      snapshots: z.array(snapshotSchema).nullable(),
      /** The database file (SQLite) or the displayed URL (PostgreSQL, without its password). */
      database: z.string(),
      /** What names this database to `auth server snapshot restore NAME …`: `--db FILE` (SQLite) or `--config FILE` (PostgreSQL). */
      restoreFlags: z.string(),
    }),
  }),
  adminDemoSeed: endpoint({
    method: "POST",
    path: "/admin/dev/demo/seed",
    summary: "Latchkey extension, local development servers only: seed a built-in scenario into the running server; the scenario's own accounts and organizations are replaced, nothing else is touched. A fresh session only: it makes a server administrator whose password is public",
    tags: ["admin", "settings"],
    ...GUARD,
    access: "fresh-session",
    unknownKeys: "reject",
    body: z.object({ scenario: z.enum(DEMO_SCENARIOS) }).strict(),
    response: z.object({
      scenario: z.string(),
      personas: z.array(demoPersonaSchema),
      /** Made afresh on every seed, shown once. */
      apiKeys: z.array(z.object({ name: z.string(), owner: z.string(), key: z.string() })),
      apps: z.array(z.object({ name: z.string(), clientId: z.string(), clientSecret: z.string(), providerEnabled: z.boolean() })),
      mails: z.number().int(),
    }),
  }),
  adminDemoSaveSnapshot: endpoint({
    method: "POST",
    path: "/admin/dev/demo/snapshots",
    summary: "Latchkey extension, local development servers only: save the running database as a snapshot, as `auth server snapshot save` does: SQLite beside the file (`<db>.snapshots/NAME.db`, 0600), PostgreSQL in `<config file>.snapshots/NAME.db` (409 SNAPSHOT_NEEDS_CONFIG_FILE without one)",
    tags: ["admin", "settings"],
    ...GUARD,
    unknownKeys: "reject",
    body: z.object({ name: z.string().regex(SNAPSHOT_NAME, "letters, digits, - and _, at most 64"), replace: z.boolean().optional() }).strict(),
    response: snapshotSchema,
  }),
} as const;
