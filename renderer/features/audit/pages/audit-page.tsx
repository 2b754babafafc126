/**
 * The audit log: filters kept in the URL (actor and target by email or id, action exact or by
 * prefix, a time range), events newest first with "Load older" paging, and a live tail that
 * polls for newer events every ~2 s while the tab is visible and announces arrivals politely.
 * Above it, the log's tamper evidence: verify the hash chain, export a signed range (issue 38).
 */
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AdminGate } from "../../../app/admin-gate";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { CheckboxField, TextField } from "../../../ui/field";
import { formatDate, formatDateTime, formatNumber, formatRelative, formatTime } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import type { AuditAction } from "../../../../shared/audit-actions";
import type { AuditSearch } from "../audit-search";
import { useAuditEvents, useAuditLiveTail, useResolvedUser, type AuditEvent, type AuditFilters } from "../queries";
import { DataTable } from "../../../ui/data-table";
import { ChainIntegrity } from "../components/chain-integrity";
import "../audit.css";

const route = getRouteApi("/signed-in/admin/audit");

/** Actions offered in the action filter's list (any other can still be typed). */
export const COMMON_ACTIONS = [
  "user.sign-in",
  "user.sign-up",
  "user.sign-out",
  "user.ban",
  "user.unban",
  "user.role-change",
  "user.create",
  "user.remove",
  "user.delete",
  "user.password-set",
  "user.password-reset",
  "user.password-change",
  "user.email-change",
  "user.email-verify",
  "user.impersonate-start",
  "user.impersonate-stop",
  "session.revoke",
  "session.revoke-all",
  "session.revoke-others",
  "organization.create",
  "organization.delete",
  "organization.member-add",
  "organization.member-remove",
  "organization.member-role-change",
  "invitation.create",
  "invitation.accept",
] as const satisfies readonly AuditAction[];

const PREFIXES = [
  ["user.*", "allUserActions"],
  ["session.*", "allSessionActions"],
  ["organization.*", "allOrganizationActions"],
  ["invitation.*", "allInvitationActions"],
  ["team.*", "allTeamActions"],
] as const;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || document.visibilityState !== "hidden");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

export function AuditPage() {
  const { t } = useTranslation("audit");
  return (
    <Page title={t("title")} description={t("description")}>
      <div className="stack">
        {/* Verify and export have their own permissions: shown even to a role that may not list. */}
        <ChainIntegrity />
        <AdminGate request={{ audit: ["list"] }} denied={<EmptyState title={t("notAllowedTitle")}>{t("notAllowedBody")}</EmptyState>}>
          <AuditLog />
        </AdminGate>
      </div>
    </Page>
  );
}

function AuditLog() {
  const { t } = useTranslation("audit");
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const visible = usePageVisible();
  const [announcement, setAnnouncement] = useState("");
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());

  const actor = useResolvedUser(search.actor);
  const target = useResolvedUser(search.target);
  const filters: AuditFilters = { actorId: actor.id, targetId: target.id, action: search.action, from: search.from, to: search.to };
  const resolving = actor.pending || target.pending;
  const missingEmail = actor.missing ? search.actor : target.missing ? search.target : undefined;
  const lookupError = actor.error ?? target.error;
  const ready = !resolving && !missingEmail && !lookupError;

  const events = useAuditEvents(filters, ready);
  const live = Boolean(search.live);
  useAuditLiveTail(filters, live && ready && events.isSuccess && visible, (arrived) => {
    setAnnouncement(t("live.arrived", { count: arrived.length }));
    setFresh((old) => new Set([...old, ...arrived.map((event) => event.seq)]));
  });

  const rows = useMemo(() => events.data?.pages.flatMap((page) => page.events) ?? [], [events.data]);
  const filtered = Boolean(search.actor || search.target || search.action || search.from || search.to);

  function setLive(on: boolean) {
    setAnnouncement("");
    void navigate({ search: (old: AuditSearch) => ({ ...old, live: on ? true : undefined }), replace: true });
  }

  let body;
  if (missingEmail) body = <EmptyState title={t("emptyFiltered")}>{t("filters.noSuchUser", { email: missingEmail })}</EmptyState>;
  else if (lookupError) body = <ErrorState error={lookupError} />;
  else if (resolving || events.isPending) body = <Loading />;
  else if (events.isError && !events.data) body = <ErrorState error={events.error} onRetry={() => void events.refetch()} />;
  else if (rows.length === 0)
    body = filtered ? <EmptyState title={t("emptyFiltered")}>{t("emptyFilteredBody")}</EmptyState> : <EmptyState title={t("empty")}>{t("emptyBody")}</EmptyState>;
  else
    body = (
      <>
        <EventsTable events={rows} fresh={fresh} />
        <div className="spread">
          <p className="muted audit-count">{t("shown", { count: rows.length, formatted: formatNumber(rows.length) })}</p>
          {events.hasNextPage ? (
            <Button onClick={() => void events.fetchNextPage()} busy={events.isFetchingNextPage}>
              {t("loadOlder")}
            </Button>
          ) : (
            <p className="muted">{t("noOlder")}</p>
          )}
        </div>
        {events.isFetchNextPageError ? <ErrorState error={events.error} onRetry={() => void events.fetchNextPage()} /> : null}
      </>
    );

  return (
    <div className="stack">
      <Filters key={JSON.stringify([search.actor, search.target, search.action, search.from, search.to])} search={search} />
      <div className="spread">
        <CheckboxField label={t("live.toggle")} checked={live} onChange={(event) => setLive(event.target.checked)} />
        {live ? <p className="muted audit-live-note">{visible ? t("live.on") : t("live.paused")}</p> : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {body}
    </div>
  );
}

function Filters({ search }: { search: AuditSearch }) {
  const { t } = useTranslation("audit");
  const navigate = route.useNavigate();
  const listId = useId();
  const [actor, setActor] = useState(search.actor ?? "");
  const [target, setTarget] = useState(search.target ?? "");
  const [action, setAction] = useState(search.action ?? "");
  const [from, setFrom] = useState(toLocalInput(search.from));
  const [to, setTo] = useState(toLocalInput(search.to));
  const [error, setError] = useState<string | undefined>();
  const active = [search.actor, search.target, search.action, search.from, search.to].filter(Boolean).length;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (from && to && Date.parse(from) >= Date.parse(to)) {
      setError(t("filters.timeRangeInvalid"));
      return;
    }
    setError(undefined);
    void navigate({
      search: (old: AuditSearch) => ({
        actor: actor.trim() || undefined,
        target: target.trim() || undefined,
        action: action.trim() || undefined,
        from: from || undefined,
        to: to || undefined,
        live: old.live,
      }),
    });
  }

  function clear() {
    setActor("");
    setTarget("");
    setAction("");
    setFrom("");
    setTo("");
    setError(undefined);
    void navigate({ search: (old: AuditSearch) => ({ live: old.live }) });
  }

  return (
    <form className="card audit-filters" aria-label={t("filters.label")} onSubmit={submit}>
      <div className="audit-filter-grid">
        <TextField label={t("filters.actor")} hint={t("filters.actorHint")} value={actor} onChange={(e) => setActor(e.target.value)} autoComplete="off" spellCheck={false} />
        <TextField label={t("filters.target")} hint={t("filters.targetHint")} value={target} onChange={(e) => setTarget(e.target.value)} autoComplete="off" spellCheck={false} />
        <TextField label={t("filters.action")} hint={t("filters.actionHint")} value={action} onChange={(e) => setAction(e.target.value)} list={listId} autoComplete="off" spellCheck={false} />
        <TextField label={t("filters.from")} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} error={error} />
        <TextField label={t("filters.to")} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <datalist id={listId}>
        {PREFIXES.map(([value, label]) => (
          <option key={value} value={value}>
            {t(`filters.${label}`)}
          </option>
        ))}
        {COMMON_ACTIONS.map((value) => (
          <option key={value} value={value}>
            {t(`actions.${value}`)}
          </option>
        ))}
      </datalist>
      <div className="row">
        <Button type="submit" variant="primary">
          {t("filters.apply")}
        </Button>
        <Button onClick={clear} disabled={active === 0 && !actor && !target && !action && !from && !to}>
          {t("filters.clear")}
        </Button>
        {active > 0 ? <span className="muted">{t("filters.active", { count: active })}</span> : null}
      </div>
    </form>
  );
}

/** The URL may hold an ISO date (shared link) or a datetime-local value: show it in the input's format. */
function toLocalInput(value: string | undefined): string {
  if (!value) return "";
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Five columns that fit a 1280 px window beside the sidebar in every language: the IP address,
 * device and action code sit in Details (they are for the few rows someone investigates), so
 * Reason and Details are never pushed out of the box (issue 25). Email addresses never break
 * (issue 33), so actor and target share a column (the target under the actor) and the result is
 * a badge under the action: two whole addresses side by side did not fit.
 */
function EventsTable({ events, fresh }: { events: AuditEvent[]; fresh: ReadonlySet<number> }) {
  const { t } = useTranslation("audit");
  return (
    <DataTable
      caption={t("table.caption")}
      columns={[
        t("table.time"),
        t("table.action"),
        <>
          {t("table.actor")} <span aria-hidden="true">→</span>
          <span className="visually-hidden">,</span> {t("table.target")}
        </>,
        t("table.reason"),
        t("table.details"),
      ]}
      className="audit-table"
    >
      {events.map((event) => (
        <EventRow key={event.seq} event={event} isNew={fresh.has(event.seq)} />
      ))}
    </DataTable>
  );
}

/** An ISO date or epoch milliseconds under a key that names a time: shown as a date, not digits. */
const TIME_KEY = /(At|Expires|Until|expires|until|^at)$/;
function detailText(key: string, value: unknown): string {
  if (TIME_KEY.test(key) && (typeof value === "number" || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)))) {
    const text = formatDateTime(value);
    if (text) return text;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The email or username a refused sign-in tried, when no account matched it. */
function triedIdentifier(event: AuditEvent): string | null {
  if (event.actorId || event.success) return null;
  const tried = event.metadata?.email ?? event.metadata?.username;
  return typeof tried === "string" && tried ? tried : null;
}

function EventRow({ event, isNew }: { event: AuditEvent; isNew: boolean }) {
  const { t, i18n } = useTranslation("audit");
  // A refused sign-in is "Sign-in failed", not "Signed in" with a red badge beside it.
  const failedKey = `failedActions.${event.action}`;
  const words =
    !event.success && i18n.exists(failedKey, { ns: "audit" }) ? t(failedKey) : i18n.exists(`actions.${event.action}`, { ns: "audit" }) ? t(`actions.${event.action}`) : null;
  const details = Object.entries(event.metadata ?? {});
  const tried = triedIdentifier(event);
  const [date, time] = splitDateTime(event.createdAt);
  return (
    <tr className={isNew ? "audit-row-new" : undefined}>
      <td className="audit-time">
        <time dateTime={event.createdAt} title={formatRelative(event.createdAt)}>
          <span>{date}</span> <span>{time}</span>
        </time>
        {isNew ? (
          <>
            {" "}
            <Badge tone="info">{t("table.new")}</Badge>
          </>
        ) : null}
      </td>
      <td>
        <span className="audit-action" title={event.action}>
          {words ?? <code>{event.action}</code>}
        </span>{" "}
        <span className="audit-result">{event.success ? <Badge tone="good">{t("table.success")}</Badge> : <Badge tone="bad">{t("table.failure")}</Badge>}</span>
      </td>
      <td>
        <div className="audit-who">
          {event.actorId ? (
            <UserRef id={event.actorId} person={event.actor} />
          ) : tried ? (
            <span className="audit-ref">
              <span className="email">{tried}</span>
              <span className="muted audit-id">{t("table.noAccount")}</span>
            </span>
          ) : (
            <span className="muted">{t("table.system")}</span>
          )}
          <div className="audit-target">
            <span className="muted" aria-hidden="true">
              →
            </span>
            <span className="visually-hidden">{t("table.target")}:</span>{" "}
            {event.targetId ? <TargetRef id={event.targetId} type={event.targetType} person={event.target} /> : <span className="muted">—</span>}
          </div>
        </div>
      </td>
      <td className="audit-reason">{event.reason ?? <span className="muted">—</span>}</td>
      <td>
        <details className="audit-details">
          <summary>{t("table.showDetails")}</summary>
          <dl>
            <div>
              <dt>{t("table.actionCode")}</dt>
              <dd className="mono">{event.action}</dd>
            </div>
            {event.ipAddress ? (
              <div>
                <dt>{t("table.ip")}</dt>
                <dd className="mono">{event.ipAddress}</dd>
              </div>
            ) : null}
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd className="mono">{detailText(key, value)}</dd>
              </div>
            ))}
            {event.userAgent ? (
              <div>
                <dt>{t("table.userAgent")}</dt>
                <dd>{event.userAgent}</dd>
              </div>
            ) : null}
          </dl>
        </details>
      </td>
    </tr>
  );
}

/** Date and time as two pieces, so a narrow column breaks between them and never inside either. */
function splitDateTime(value: string): [string, string] {
  return [formatDate(value), formatTime(value)];
}

/**
 * A user the event names, by the email the server sent with it (`event.actor` / `event.target`:
 * part of the audit record for anyone who may read the log, issue 33). null: no user has that id
 * any more. A link to the user's page only for those who may open it.
 */
function UserRef({ id, person }: { id: string; person: AuditEvent["actor"] }) {
  const canGet = useAdminCan({ user: ["get"] });
  const { t } = useTranslation("audit");
  // Gone from the server: no link to a page that would only say "not found".
  if (person === null)
    return (
      <span className="audit-ref" title={id}>
        <span className="mono audit-id">{id}</span> <span className="muted">({t("removedUser")})</span>
      </span>
    );
  const label = person.email ?? id;
  return (
    <span className="audit-ref" title={id}>
      {canGet ? (
        <Link to="/admin/users/$userId" params={{ userId: id }} className={person.email ? "email" : "audit-id mono"}>
          {label}
        </Link>
      ) : (
        <span className={person.email ? "email" : "audit-id mono"}>{label}</span>
      )}
    </span>
  );
}

function TargetRef({ id, type, person }: { id: string; type: string | null; person: AuditEvent["target"] }) {
  const { t, i18n } = useTranslation("audit");
  if (type === "user") return <UserRef id={id} person={person} />;
  const typeLabel = type ? (i18n.exists(`targetTypes.${type}`, { ns: "audit" }) ? t(`targetTypes.${type}`) : type) : null;
  return (
    <span className="audit-ref">
      {typeLabel ? <span>{typeLabel}</span> : null}
      <span className="mono muted audit-id">{id}</span>
    </span>
  );
}
