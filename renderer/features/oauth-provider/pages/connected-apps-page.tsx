/**
 * Account → Connected apps: the apps this person let sign them in through Latchkey, what each
 * may read and since when. Revoking forgets the consent and stops the app's tokens for this
 * person at once (the app asks again next time).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { toastError } from "../../../ui/errors";
import { formatDateTime } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { EmptyState } from "../../../ui/states";
import { AppLogo } from "../components/app-logo";
import { useScopeText } from "../components/scope-list";
import { useConnectedApps, useRevokeConnectedApp, type ConnectedApp } from "../queries";
import "../oauth-provider.css";

export function ConnectedAppsPage() {
  const { t } = useTranslation("oauth-provider");
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  const scopeText = useScopeText();
  const [pending, setPending] = useState<ConnectedApp | null>(null);
  const nameOf = (app: ConnectedApp) => app.clientName || app.clientId;
  const list = apps.data ?? [];

  return (
    <Page title={t("connected.title")} description={t("connected.description")}>
      <QueryStates query={apps} isEmpty={list.length === 0} empty={<EmptyState title={t("connected.empty")}>{t("connected.emptyBody")}</EmptyState>}>
        <DataTable caption={t("connected.title")} columns={[t("connected.app"), t("connected.access"), t("connected.granted")]} actionsLabel={t("connected.actions")}>
          {list.map((app) => (
            <tr key={app.id}>
              <td>
                <span className="app-name-cell">
                  <AppLogo name={nameOf(app)} logoUri={app.logoUri} size={28} />
                  <strong>{nameOf(app)}</strong>
                </span>
              </td>
              <td className="scopes-cell">{app.scopes.map(scopeText).join(", ")}</td>
              <td>{formatDateTime(app.createdAt)}</td>
              <td>
                <Button size="small" variant="danger" aria-label={t("connected.revokeLabel", { app: nameOf(app) })} onClick={() => setPending(app)}>
                  {t("connected.revoke")}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t("connected.revokeTitle", { app: nameOf(pending) }) : ""}
        description={pending ? t("connected.revokeBody", { app: nameOf(pending) }) : ""}
        confirmLabel={t("connected.revoke")}
        busy={revoke.isPending}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.id, {
            onSuccess: () => {
              toast.success(t("connected.revoked", { app: nameOf(pending) }));
              setPending(null);
            },
            onError: toastError,
          });
        }}
      />
    </Page>
  );
}
