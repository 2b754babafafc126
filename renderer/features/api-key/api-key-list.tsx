/**
 * A list of API keys (name, start, limits, expiry, last use; loading, error and empty states) with
 * a revoke button per key and the "Revoke this API key?" confirmation, shared by the account page
 * (one's own keys) and the admin user panel (someone else's). The caller loads the keys, owns the
 * revoke call and words the empty state and the confirmation, since the admin's name the user.
 */
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ApiKey } from "../../../shared/contract/api-key";
import { toastError } from "../../ui/errors";
import { usePermissionLabel } from "../../app/permission-labels";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { DataTable } from "../../ui/data-table";
import { formatDateTime } from "../../ui/format";
import { QueryStates, type QueryLike } from "../../ui/query-states";
import { EmptyState } from "../../ui/states";

/** "Ban and unban users, List users", or null for a key that may do everything its owner may. */
export function permissionsText(permissions: ApiKey["permissions"], label: (resource: string, action: string) => string): string | null {
  if (!permissions) return null;
  return Object.entries(permissions)
    .flatMap(([resource, actions]) => actions.map((action) => label(resource, action)))
    .join(", ");
}

/** How a key is named to people: its name, else its first characters, else its id. */
export function apiKeyDisplayName(key: ApiKey): string {
  return key.name ?? key.start ?? key.id;
}

/** The revoke call, from useMutation; only what the list uses of it. */
export type RevokeApiKey = Pick<UseMutationResult<unknown, Error, string>, "mutate" | "isPending">;

export function ApiKeysList({
  query,
  emptyTitle,
  revoke,
  revokeBody,
}: {
  query: QueryLike & { data?: { apiKeys: readonly ApiKey[] } | undefined };
  emptyTitle: string;
  /** Without it the keys are shown read-only: no actions column, no revoke buttons. */
  revoke?: RevokeApiKey | undefined;
  /** The confirmation's text for this key. */
  revokeBody(key: ApiKey): string;
}) {
  const { t } = useTranslation("api-key");
  const permissionLabel = usePermissionLabel();
  const [pending, setPending] = useState<ApiKey | null>(null);
  const keys = query.data?.apiKeys ?? [];
  return (
    <>
      <QueryStates query={query} isEmpty={keys.length === 0} empty={<EmptyState title={emptyTitle} />}>
        <DataTable caption={t("title")} columns={[t("columns.name"), t("columns.start"), t("columns.permissions"), t("columns.expires"), t("columns.lastUsed")]} actionsLabel={revoke ? t("columns.actions") : undefined}>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name ?? t("unnamed")}</td>
              <td>
                <code>{key.start ? `${key.start}…` : ""}</code>
              </td>
              <td>{permissionsText(key.permissions, permissionLabel) ?? t("allRights")}</td>
              <td>{key.expiresAt ? formatDateTime(key.expiresAt) : t("neverExpires")}</td>
              <td>{key.lastRequest ? formatDateTime(key.lastRequest) : t("neverUsed")}</td>
              {revoke ? (
                <td>
                  <Button size="small" aria-label={t("revokeLabel", { name: apiKeyDisplayName(key) })} onClick={() => setPending(key)}>
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
        description={pending ? revokeBody(pending) : ""}
        confirmLabel={t("revoke")}
        busy={revoke?.isPending}
        onConfirm={() => {
          if (!pending || !revoke) return;
          revoke.mutate(pending.id, {
            onSuccess: () => {
              toast.success(t("revoked"));
              setPending(null);
            },
            onError: toastError,
          });
        }}
      />
    </>
  );
}
