/** An administrator's view of a user's API keys (needs session:list), each revocable (session:revoke). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ApiKey } from "../../../../shared/contract/api-key";
import { api } from "../../../app/api";
import { toastError } from "../../../app/errors";
import { useAdminCan } from "../../../app/permissions";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { EmptyState } from "../../../ui/states";
import { permissionsText } from "../../account/components/api-keys-section";

const keysOf = (userId: string) => ["admin", "user", userId, "api-keys"] as const;

export function UserApiKeysCard({ user }: { user: { id: string; email: string } }) {
  const { t } = useTranslation("api-keys");
  const canList = useAdminCan({ session: ["list"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: keysOf(user.id), queryFn: () => api.adminListUserApiKeys({ userId: user.id }), enabled: canList });
  const revoke = useMutation({
    mutationFn: (keyId: string) => api.adminRevokeUserApiKey({ keyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysOf(user.id) }),
  });
  const [pending, setPending] = useState<ApiKey | null>(null);
  if (!canList) return null;
  const list = keys.data?.apiKeys ?? [];
  return (
    <Section title={t("title")} description={t("adminDescription", { email: user.email })}>
      <QueryStates query={keys} isEmpty={list.length === 0} empty={<EmptyState title={t("adminEmpty")} />}>
        <DataTable caption={t("title")} columns={[t("columns.name"), t("columns.start"), t("columns.permissions"), t("columns.expires"), t("columns.lastUsed")]} actionsLabel={canRevoke ? t("columns.actions") : undefined}>
          {list.map((key) => (
            <tr key={key.id}>
              <td>{key.name ?? t("unnamed")}</td>
              <td>
                <code>{key.start ? `${key.start}…` : ""}</code>
              </td>
              <td>{permissionsText(key.permissions) ?? t("allRights")}</td>
              <td>{key.expiresAt ? formatDateTime(key.expiresAt) : t("neverExpires")}</td>
              <td>{key.lastRequest ? formatDateTime(key.lastRequest) : t("neverUsed")}</td>
              {canRevoke ? (
                <td>
                  <Button size="small" aria-label={t("revokeLabel", { name: key.name ?? key.start ?? key.id })} onClick={() => setPending(key)}>
                    {t("revoke")}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("revokeTitle")}
        description={pending ? t("adminRevokeBody", { name: pending.name ?? pending.start ?? pending.id, email: user.email }) : ""}
        confirmLabel={t("revoke")}
        busy={revoke.isPending}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.id, {
            onSuccess: () => {
              toast.success(t("revoked"));
              setPending(null);
            },
            onError: toastError,
          });
        }}
      />
    </Section>
  );
}
