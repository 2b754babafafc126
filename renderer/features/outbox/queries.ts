/**
 * The outbox viewer's server state: mails the server kept instead of sending (no SMTP), newest
 * first, optionally to one recipient, paged by cursor and refreshed every few seconds so a mail
 * just sent shows up while a demo runs.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../app/api";

type OutboxPage = Awaited<ReturnType<typeof api.adminListOutbox>>;
export type OutboxMail = OutboxPage["mails"][number];

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_REFRESH_MS = 3000;

export function useOutbox(to: string | undefined, enabled: boolean) {
  const recipient = to?.trim() || undefined;
  return useInfiniteQuery({
    queryKey: ["outbox", "mails", recipient ?? null],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.adminListOutbox({ limit: OUTBOX_PAGE_SIZE, ...(recipient ? { to: recipient } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: OUTBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
