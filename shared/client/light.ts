/**
 * The same typed client, built from the generated route table: no zod, no schemas at run time
 * (the types still come from the contract). For the CLI, where every millisecond of start counts.
 */
import { createClientFromRoutes, type ClientOptions, type LatchkeyClient } from "./client-core.js";
import { routeTable } from "./route-table.generated.js";

export function createLightClient(options: ClientOptions): LatchkeyClient {
  return createClientFromRoutes(routeTable, options);
}
