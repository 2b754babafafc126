/**
 * The signed-in session as server state. Every screen reads it from here; it is refetched on
 * focus and every 15 s so a ban or a revocation elsewhere signs this window out promptly.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";

export const sessionKey = ["session"] as const;

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => api.getSession({ disableCookieCache: true }),
  staleTime: 10_000,
  refetchInterval: 15_000,
  refetchOnWindowFocus: true,
});

export type SessionData = NonNullable<Awaited<ReturnType<typeof api.getSession>>>;

export function useSession() {
  return useQuery(sessionQuery);
}

/** The session inside the signed-in layout, where the route guard guarantees one. */
export function useCurrentSession(): SessionData {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error("useCurrentSession outside a signed-in route");
  return data;
}

/** After sign-in, sign-out or a switch: everything cached belonged to the previous user. */
export function useResetAfterSessionChange() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  };
}
