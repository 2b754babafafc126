/** A user's sessions, each revocable, or all at once. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../app/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { Badge, EmptyState, ErrorState, Loading } from "../../../ui/states";
import { useRevokeSession, useRevokeSessions, useUserSessions, type AdminUser } from "../queries";
import { describeUserAgent } from "../user-agent";

export function UserSessionsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const canList = useAdminCan({ session: ["list"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const sessions = useUserSessions(user.id, canList);
  const revokeOne = useRevokeSession(user.id);
  const revokeAll = useRevokeSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  if (!canList) return null;
  const list = sessions.data?.sessions ?? [];
  return (
    <Section
      title={t("sessions.title")}
      description={t("sessions.description")}
      actions={
        canRevoke && list.length > 0 ? (
          <Button variant="danger" onClick={() => setConfirmAll(true)}>
            {t("sessions.revokeAll")}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("sessions.empty")} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("sessions.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("sessions.device")}</th>
                <th scope="col">{t("sessions.ip")}</th>
                <th scope="col">{t("sessions.started")}</th>
                <th scope="col">{t("sessions.lastSeen")}</th>
                <th scope="col">{t("sessions.expires")}</th>
                {canRevoke ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("sessions.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.map((session) => (
                <tr key={session.id}>
                  <td className="cell-wrap" title={session.userAgent ?? undefined}>
                    {deviceLabel(t, session.userAgent)}{" "}
                    {session.impersonatedBy ? <Badge tone="warn">{t("sessions.impersonation")}</Badge> : null}
                  </td>
                  <td>{session.ipAddress ?? <span className="muted">{t("unknown", { ns: "common" })}</span>}</td>
                  <td>{formatDateTime(session.createdAt)}</td>
                  <td>{formatRelative(session.updatedAt)}</td>
                  <td>{formatDateTime(session.expiresAt)}</td>
                  {canRevoke ? (
                    <td>
                      <Button
                        size="small"
                        aria-label={t("sessions.revokeOneLabel", { started: formatDateTime(session.createdAt), ip: session.ipAddress ?? t("unknown", { ns: "common" }) })}
                        onClick={() => revokeOne.mutate(session.token, { onSuccess: () => toast.success(t("sessions.revoked")), onError: toastError })}
                      >
                        {t("sessions.revoke")}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t("sessions.revokeAllTitle", { email: user.email })}
        description={t("sessions.revokeAllDescription", { count: list.length })}
        confirmLabel={t("sessions.revokeAll")}
        busy={revokeAll.isPending}
        onConfirm={() =>
          revokeAll.mutate(user.id, {
            onSuccess: () => {
              setConfirmAll(false);
              toast.success(t("sessions.revokedAll", { email: user.email }));
            },
            onError: toastError,
          })
        }
      />
    </Section>
  );
}

function deviceLabel(t: (key: string, options?: Record<string, unknown>) => string, userAgent: string | null): string {
  if (!userAgent) return t("sessions.unknownDevice");
  const { browser, version, system } = describeUserAgent(userAgent);
  if (!browser && !system) return userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent;
  const name = browser ? (version ? `${browser} ${version}` : browser) : t("sessions.unknownBrowser");
  return system ? t("sessions.deviceOn", { browser: name, system }) : name;
}
