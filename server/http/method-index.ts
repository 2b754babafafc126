/**
 * Which methods a path answers to, so a wrong method gets 405 with `Allow` instead of a 404 that
 * would suggest the path does not exist. Fed by Fastify's `onRoute` hook, so every route counts:
 * the contract's, and the ones app.ts and its modules add (OpenAPI, console, readiness, metrics).
 */
import type { FastifyInstance, RouteOptions } from "fastify";

export type MethodIndex = (path: string) => string[];

export function trackRouteMethods(server: FastifyInstance): MethodIndex {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  server.addHook("onRoute", (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "OPTIONS");
    // The catch-all CORS preflight route (`OPTIONS /*`) says nothing about which paths exist.
    if (methods.length === 0) return;
    routes.push({ pattern: patternOf(route.url), methods });
  });
  return (path) => {
    const methods = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    if (methods.size === 0) return [];
    // GET routes answer HEAD too (Fastify's default); every path answers CORS preflights.
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...methods].sort();
  };
}

/** Fastify's route syntax: `:name` is one path segment, `*` the rest of the path. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:\w+|\*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
