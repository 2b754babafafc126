/** A user's latest audit events, linking to the full audit log filtered on them. */
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useAdminCan } from "../../../app/permissions";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { Badge, EmptyState } from "../../../ui/states";
import { useUserAudit, type AdminUser } from "../queries";
import { QueryStates } from "../../../ui/query-states";

export function UserAuditCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation("admin");
  const canAudit = useAdminCan({ audit: ["list"] });
  const audit = useUserAudit(user.id, canAudit);
  if (!canAudit) return null;
  const events = audit.data?.events ?? [];
  // The administrator by name and email when the server names them (to those who may list
  // users); "someone else" only when it does not, e.g. a user removed since (#33).
  const byWhom = (event: (typeof events)[number]) => {
    if (!event.actorId) return t("audit.bySystem");
    if (event.actorId === user.id) return t("audit.bySelf");
    const person = event.actor?.email ? (event.actor.name ? `${event.actor.name} (${event.actor.email})` : event.actor.email) : null;
    return person ? t("audit.byPerson", { person }) : t("audit.byOther");
  };
  return (
    <Section
      title={t("audit.title")}
      description={t("audit.description")}
      actions={
        <Link to="/admin/audit" search={{ target: user.id }}>
          {t("audit.full")}
        </Link>
      }
    >
      <QueryStates query={audit} isEmpty={events.length === 0} empty={<EmptyState title={t("audit.empty")} />}>
        <ul className="plain-list" aria-label={t("audit.title")}>
          {events.map((event) => (
            <li key={event.id} className="spread">
              <span>
                {i18n.exists(`actions.${event.action}`, { ns: "audit" }) ? (
                  <>
                    {t(`actions.${event.action}`, { ns: "audit" })} <code className="muted">{event.action}</code>
                  </>
                ) : (
                  <code>{event.action}</code>
                )}{" "}
                {event.success ? null : <Badge tone="bad">{t("audit.failed")}</Badge>}
                {event.reason ? <span className="muted"> · {event.reason}</span> : null}
              </span>
              <span className="muted">
                {byWhom(event)} · {formatDateTime(event.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      </QueryStates>
    </Section>
  );
}
