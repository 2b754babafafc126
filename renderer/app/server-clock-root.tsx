/**
 * The root of every page (signed in or not): asks the server's health once and every half minute,
 * so the console counts relative times ("in 2 days") from the server's clock (issue 39). When the
 * offset changes — only on a server started with `--clock-offset` or moved with `auth dev clock
 * advance` — the pages are drawn afresh from the cache; an unshifted server never changes it.
 */
import { useQuery } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { serverHealth } from "./queries";
import { useServerClockOffset } from "../ui/server-clock";

export const SERVER_HEALTH_QUERY = { queryKey: ["server", "ok"], queryFn: serverHealth, refetchInterval: 30_000 } as const;

export function ServerClockRoot() {
  useQuery(SERVER_HEALTH_QUERY);
  const offset = useServerClockOffset();
  return <Outlet key={offset} />;
}
