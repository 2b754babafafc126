/**
 * The rate-limit bench's server process: the real startServer with AUTH_* settings plus the JSON
 * in LATCHKEY_BENCH_CONFIG (rate-limit settings and redisUrl have no AUTH_* variable of their own).
 */
import { configFromEnv, mergeConfig, resolveConfig, type ConfigInput } from "../server/config.js";
import { startServer } from "../server/main.js";

const extra = JSON.parse(process.env.LATCHKEY_BENCH_CONFIG ?? "{}") as ConfigInput;
const config = resolveConfig(mergeConfig(configFromEnv(), extra));
await startServer(config, { handleSignals: true });
process.stdout.write("READY\n");
