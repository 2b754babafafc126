/** The bench's server process: the real startServer with settings from AUTH_* variables. */
import { configFromEnv, resolveConfig } from "../server/config.js";
import { startServer } from "../server/main.js";

const config = resolveConfig(configFromEnv());
await startServer(config, { handleSignals: true });
process.stdout.write("READY\n");
