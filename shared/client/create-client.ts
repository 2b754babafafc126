/** createClient(): the typed client with its routes derived from the contract (loads zod). */
import { contract } from "../contract/index.js";
import { createClientFromRoutes, type ClientOptions, type LatchkeyClient } from "./client-core.js";
import { routesOf } from "./routes.js";

const routes = routesOf(contract);

export function createClient(options: ClientOptions): LatchkeyClient {
  return createClientFromRoutes(routes, options);
}
