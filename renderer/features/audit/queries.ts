/**
 * The audit log's server state: pages of events (newest first, "Load older" by cursor), the live
 * tail (events after the newest one shown, merged into the first page), and the look-ups that
 * turn an email typed in a filter into a user id and a user id into an email for display.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { api } from "../../app/api";

type AuditPage = Awaited<ReturnType<typeof api.adminListAuditEvents>>;
export type AuditEvent = AuditPage["events"][number];

export const AUDIT_PAGE_SIZE = 50;
const TAIL_LIMIT = 100;

/** The server's filters once emails are resolved to ids. */
export interface AuditFilters {
  actorId?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A datetime-local value (local time) or an ISO date → ISO for the server. */
function isoTime(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function query(filters: AuditFilters) {
  return {
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(isoTime(filters.from) ? { from: isoTime(filters.from) } : {}),
    ...(isoTime(filters.to) ? { to: isoTime(filters.to) } : {}),
  };
}

/** Resolves "someone@example.com" to that user's id; an id passes through. `missing` when no user has the email. */
export function useResolvedUser(value: string | undefined) {
  const isEmail = Boolean(value && value.includes("@"));
  const lookup = useQuery({
    queryKey: ["audit", "resolve-user", value?.toLowerCase()],
    enabled: isEmail,
    staleTime: 60_000,
    queryFn: async () => {
      const email = (value ?? "").trim().toLowerCase();
      const result = await api.adminListUsers({ searchValue: email, searchField: "email", searchOperator: "contains", limit: 20 });
      return result.users.find((user) => user.email.toLowerCase() === email)?.id ?? null;
    },
  });
  if (!value) return { id: undefined, pending: false, missing: false, error: null as unknown };
  if (!isEmail) return { id: value, pending: false, missing: false, error: null as unknown };
  return { id: lookup.data ?? undefined, pending: lookup.isPending, missing: lookup.data === null, error: lookup.error as unknown };
}

export function auditEventsKey(filters: AuditFilters) {
  return ["audit", "events", query(filters)] as const;
}

export function useAuditEvents(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: auditEventsKey(filters),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.adminListAuditEvents({ ...query(filters), limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The live tail keeps the first page fresh; no background refetch of every loaded page.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * The live tail: every ~2 s (paused while the tab is hidden — TanStack Query's interval stops in
 * the background) asks for events newer than the newest one shown and prepends them to the
 * first page. Calls `onArrived` with how many came, for the polite announcement.
 */
export function useAuditLiveTail(filters: AuditFilters, enabled: boolean, onArrived: (events: AuditEvent[]) => void) {
  const queryClient = useQueryClient();
  const key = auditEventsKey(filters);
  const data = queryClient.getQueryData<InfiniteData<AuditPage, string | undefined>>(key);
  const newest = data?.pages[0]?.events[0]?.seq ?? 0;
  const tail = useQuery({
    queryKey: ["audit", "tail", query(filters), newest],
    enabled,
    queryFn: () => api.adminListAuditEvents({ ...query(filters), after: String(newest), limit: TAIL_LIMIT }),
    refetchInterval: enabled ? 2000 : false,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
  });
  const fresh = tail.data;
  // Merging reads the current key, cache and callback; only a new tail answer (or switching the
  // tail on) is a reason to merge.
  const merge = useEffectEvent((fresh: AuditPage) => {
    if (fresh.nextCursor) {
      // More arrived than one tail call carries: start over from the newest page rather than leave a gap.
      void queryClient.resetQueries({ queryKey: key });
      onArrived(fresh.events);
      return;
    }
    let added: AuditEvent[] = [];
    queryClient.setQueryData<InfiniteData<AuditPage, string | undefined>>(key, (old) => {
      if (!old || old.pages.length === 0) return old;
      const known = new Set(old.pages.flatMap((page) => page.events.map((event) => event.seq)));
      added = fresh.events.filter((event) => !known.has(event.seq));
      if (added.length === 0) return old;
      const [first, ...rest] = old.pages as [AuditPage, ...AuditPage[]];
      return { ...old, pages: [{ ...first, events: [...added, ...first.events] }, ...rest] };
    });
    if (added.length > 0) onArrived(added);
  });
  useEffect(() => {
    if (enabled && fresh && fresh.events.length > 0) merge(fresh);
  }, [fresh, enabled]);
  return tail;
}

/**
 * Tamper evidence (issue 38): verify recomputes the hash chain on the server, export fetches the
 * signed JSON lines of a time range. Mutations, not queries: each is an action a person asks for
 * (both seal new rows first), never something to refetch in the background.
 */
export type AuditChainVerdict = Awaited<ReturnType<typeof api.adminVerifyAuditChain>>;
export type SignedAuditExport = Awaited<ReturnType<typeof api.adminExportAuditLog>> & { from: string; to: string };

export function useVerifyAuditChain() {
  return useMutation({ mutationFn: () => api.adminVerifyAuditChain() });
}

export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (range: { from: string; to: string }): Promise<SignedAuditExport> => ({ ...(await api.adminExportAuditLog(range)), ...range }),
  });
}
