import { defineConfig } from "vitest/config";

/**
 * `npm run test:redis`: the Redis rate-limit store against a real Redis (127.0.0.1:6379, database
 * 13, or LATCHKEY_TEST_REDIS_URL). Kept apart because Redis cannot come from npm: the main suite
 * never needs it.
 */
export default defineConfig({
  test: {
    include: ["tests/redis/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
