/** The part of the contract a client needs at run time: method, path and path-parameter names. */
import type { EndpointName, EndpointSpec } from "../contract/index.js";

export interface Route {
  method: "GET" | "POST";
  path: string;
  params: readonly string[];
}

export type RouteTable = Readonly<Record<EndpointName, Route>>;

export function routesOf(contract: Readonly<Record<string, EndpointSpec>>): RouteTable {
  const table: Record<string, Route> = {};
  for (const [name, spec] of Object.entries(contract)) {
    table[name] = { method: spec.method, path: spec.path, params: Object.keys(spec.params?.shape ?? {}) };
  }
  return table as RouteTable;
}
