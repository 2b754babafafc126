/**
 * Where the account is signed in: device (from the browser's description, in words), IP address,
 * when it signed in and when it was last seen. End one, or every other one. A session an
 * administrator holds as this user (impersonation) is shown, marked, without a sign-out button:
 * only the administrator ends it (the server refuses the user's revoke).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Section } from "../../../ui/page";
import { SessionsTable } from "../../../ui/sessions-table";
import { Badge, EmptyState } from "../../../ui/states";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../queries";
import { deviceLabel } from "../../../../shared/session-device-label";
import { QueryStates } from "../../../ui/query-states";

type ListedSession = NonNullable<ReturnType<typeof useSessions>["data"]>[number];

export function SessionsSection({ currentSessionId }: { currentSessionId: string }) {
  const { t } = useTranslation("account");
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [pending, setPending] = useState<ListedSession | null>(null);

  const describe = (session: ListedSession) => deviceLabel(session.device, { on: (browser, os) => t("sessions.deviceOn", { browser, os }), unknown: t("sessions.unknownDevice") });
  const list = [...(sessions.data ?? [])].sort((a, b) => (a.id === currentSessionId ? -1 : b.id === currentSessionId ? 1 : b.updatedAt.localeCompare(a.updatedAt)));
  const isImpersonation = (session: ListedSession) => Boolean(session.impersonatedBy) && session.id !== currentSessionId;
  const others = list.filter((session) => session.id !== currentSessionId && !isImpersonation(session));

  return (
    <Section
      title={t("sessions.title")}
      description={t("sessions.description")}
      actions={
        others.length > 0 ? (
          <Button variant="danger" onClick={() => setConfirmOthers(true)}>
            {t("sessions.revokeOthers")}
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
            started: t("sessions.created"),
            lastSeen: t("sessions.lastSeen"),
            actions: t("sessions.actions"),
            unknownIp: t("sessions.unknownIp"),
          }}
          device={describe}
          badge={(session) =>
            session.id === currentSessionId ? (
              <Badge tone="info">{t("sessions.thisDevice")}</Badge>
            ) : isImpersonation(session) ? (
              <Badge tone="warn">{t("sessions.impersonated")}</Badge>
            ) : null
          }
          action={(session) =>
            session.id === currentSessionId || isImpersonation(session) ? null : (
              <Button size="small" aria-label={t("sessions.revokeLabel", { device: describe(session), ip: session.ipAddress ?? t("sessions.unknownIp") })} onClick={() => setPending(session)}>
                {t("sessions.revoke")}
              </Button>
            )
          }
        />
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("sessions.revokeTitle")}
        description={pending ? t("sessions.revokeBody", { device: describe(pending), ip: pending.ipAddress ?? t("sessions.unknownIp") }) : ""}
        confirmLabel={t("sessions.revoke")}
        busy={revoke.isPending}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.token, {
            onSuccess: () => {
              toast.success(t("sessions.revoked"));
              setPending(null);
            },
            onError: toastError,
          });
        }}
      />
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t("sessions.revokeOthersTitle")}
        description={t("sessions.revokeOthersBody", { count: others.length })}
        confirmLabel={t("sessions.revokeOthers")}
        busy={revokeOthers.isPending}
        onConfirm={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: () => {
              toast.success(t("sessions.revokedOthers"));
              setConfirmOthers(false);
            },
            onError: toastError,
          })
        }
      />
    </Section>
  );
}
