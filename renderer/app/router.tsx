/** The router: browser history under /console on the web, hash history in Electron (file://). */
import { createBrowserHistory, createHashHistory, createRouter } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { isDesktop } from "./desktop";
import { routeTree } from "./routes";

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history: isDesktop ? createHashHistory() : createBrowserHistory(),
    basepath: isDesktop ? "/" : "/console",
    defaultPreload: "intent",
    // Query data is the cache; the router only decides what to show.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
