/** The audit log's filters as URL search parameters (bookmarkable); malformed values are dropped. */
export interface AuditSearch {
  actor?: string | undefined;
  target?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  live?: boolean | undefined;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;
}

function time(value: unknown): string | undefined {
  const candidate = text(value, 64);
  return candidate && !Number.isNaN(Date.parse(candidate)) ? candidate : undefined;
}

export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    actor: text(search.actor, 256),
    target: text(search.target, 256),
    action: text(search.action, 128),
    from: time(search.from),
    to: time(search.to),
    live: search.live === true || search.live === "true" ? true : undefined,
  };
}
