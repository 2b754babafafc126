/**
 * The bench's server process: the real startServer with settings from AUTH_* variables, plus
 * LATCHKEY_BENCH_CONFIG (JSON, merged last) for settings no variable reaches (the OpenID provider).
 */
import { configFromEnv, mergeConfig, resolveConfig, type ConfigInput } from "../server/config.js";
import { startServer } from "../server/main.js";

const extra = JSON.parse(process.env.LATCHKEY_BENCH_CONFIG ?? "{}") as ConfigInput;
const config = resolveConfig(mergeConfig(configFromEnv(), extra));
await startServer(config, { handleSignals: true });
process.stdout.write("READY\n");
