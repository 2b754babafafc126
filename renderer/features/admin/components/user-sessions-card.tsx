/** A user's sessions, each revocable, or all at once. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { SessionsTable } from "../../../ui/sessions-table";
import { Badge, EmptyState } from "../../../ui/states";
import { useRevokeSession, useRevokeSessions, useUserSessions, type AdminUser } from "../queries";
import { deviceLabel } from "../../../../shared/session-device-label";
import { QueryStates } from "../../../ui/query-states";

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
      <QueryStates query={sessions} isEmpty={list.length === 0} empty={<EmptyState title={t("sessions.empty")} />}>
        <SessionsTable
          sessions={list}
          labels={{
            caption: t("sessions.title"),
            device: t("sessions.device"),
            ip: t("sessions.ip"),
            started: t("sessions.started"),
            lastSeen: t("sessions.lastSeen"),
            expires: t("sessions.expires"),
            actions: t("sessions.actions"),
            unknownIp: t("unknown", { ns: "common" }),
          }}
          device={(session) => deviceLabel(session.device, { on: (browser, system) => t("sessions.deviceOn", { browser, system }), unknown: t("sessions.unknownDevice") })}
          badge={(session) => (session.impersonatedBy ? <Badge tone="warn">{t("sessions.impersonation")}</Badge> : null)}
          action={
            canRevoke
              ? (session) => (
                  <Button
                    size="small"
                    aria-label={t("sessions.revokeOneLabel", { started: formatDateTime(session.createdAt), ip: session.ipAddress ?? t("unknown", { ns: "common" }) })}
                    onClick={() => revokeOne.mutate(session.token, { onSuccess: () => toast.success(t("sessions.revoked")), onError: toastError })}
                  >
                    {t("sessions.revoke")}
                  </Button>
                )
              : undefined
          }
        />
      </QueryStates>
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

