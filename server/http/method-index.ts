/**
 * Which methods a path answers to, so a wrong method gets 405 with `Allow` instead of a 404 that
 * would suggest the path does not exist. Built once from the contract plus the few routes
 * app.ts adds outside it (OpenAPI document, demo page, console).
 */
import { contract, type EndpointSpec } from "../../shared/contract/index.js";

export type MethodIndex = (path: string) => string[];

export function createMethodIndex(basePath: string): MethodIndex {
  const routes: Array<{ pattern: RegExp; method: string }> = [];
  const add = (path: string, method: string) => {
    // `{token}` matches one path segment, like Fastify's `:token`.
    const source = path.split(/\{\w+\}/).map(escapeRegExp).join("[^/]+");
    routes.push({ pattern: new RegExp(`^${source}$`), method });
  };
  for (const spec of Object.values(contract) as EndpointSpec[]) add(basePath + spec.path, spec.method);
  add(`${basePath}/openapi.json`, "GET");
  add("/", "GET");
  add("/demo", "GET");
  return (path) => {
    const methods = new Set<string>();
    if (path === "/console" || path.startsWith("/console/")) methods.add("GET");
    for (const route of routes) if (route.pattern.test(path)) methods.add(route.method);
    if (methods.size === 0) return [];
    // GET routes answer HEAD too (Fastify's default); every path answers CORS preflights.
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...methods].sort();
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
