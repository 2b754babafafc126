#!/usr/bin/env node
// Thin launcher so `npx auth` works from a checkout: the compiled CLI lives in dist/.
import("../dist/cli/main.js").catch((error) => {
  if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli/main.js")) {
    process.stderr.write("latchkey: the CLI is not built yet; run `npm install` (or `npm run build`) first.\n");
    process.exit(70);
  }
  throw error;
});
