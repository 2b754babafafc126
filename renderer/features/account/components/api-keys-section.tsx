/**
 * The person's API keys: create one (shown once, with a copy button), see each key's start,
 * limits, expiry and last use, and revoke it.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ApiKey } from "../../../../shared/contract/api-key";
import { toastError } from "../../../app/errors";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DataTable } from "../../../ui/data-table";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { EmptyState } from "../../../ui/states";
import { ApiKeyCreateForm } from "./api-keys-create-form";
import { ApiKeyCreated } from "./api-keys-created";
import { useApiKeys, useRevokeApiKey } from "./api-keys-queries";

export function permissionsText(permissions: ApiKey["permissions"]): string | null {
  if (!permissions) return null;
  return Object.entries(permissions)
    .map(([resource, actions]) => `${resource}:${actions.join(",")}`)
    .join(" ");
}

export function ApiKeysSection() {
  const { t } = useTranslation("api-keys");
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<string | null>(null);
  const [pending, setPending] = useState<ApiKey | null>(null);
  const list = keys.data?.apiKeys ?? [];

  return (
    <Section title={t("title")} description={t("description")}>
      {created ? <ApiKeyCreated apiKey={created} onDone={() => setCreated(null)} /> : <ApiKeyCreateForm onCreated={setCreated} />}
      <QueryStates query={keys} isEmpty={list.length === 0} empty={<EmptyState title={t("empty")} />}>
        <DataTable caption={t("title")} columns={[t("columns.name"), t("columns.start"), t("columns.permissions"), t("columns.expires"), t("columns.lastUsed")]} actionsLabel={t("columns.actions")}>
          {list.map((key) => (
            <tr key={key.id}>
              <td>{key.name ?? t("unnamed")}</td>
              <td>
                <code>{key.start ? `${key.start}…` : ""}</code>
              </td>
              <td>{permissionsText(key.permissions) ?? t("allRights")}</td>
              <td>{key.expiresAt ? formatDateTime(key.expiresAt) : t("neverExpires")}</td>
              <td>{key.lastRequest ? formatDateTime(key.lastRequest) : t("neverUsed")}</td>
              <td>
                <Button size="small" aria-label={t("revokeLabel", { name: key.name ?? key.start ?? key.id })} onClick={() => setPending(key)}>
                  {t("revoke")}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("revokeTitle")}
        description={pending ? t("revokeBody", { name: pending.name ?? pending.start ?? pending.id }) : ""}
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
