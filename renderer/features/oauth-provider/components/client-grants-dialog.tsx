/** Who has let an application sign them in, with what access and since when (Administration → Applications). */
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../ui/data-table";
import { Dialog } from "../../../ui/dialog";
import { formatDateTime } from "../../../ui/format";
import { QueryStates } from "../../../ui/query-states";
import { EmptyState } from "../../../ui/states";
import { useClientGrants, type OAuthClient } from "../queries";
import { useScopeText } from "./scope-list";

export function ClientGrantsDialog({ client, onClose }: { client: OAuthClient | null; onClose(): void }) {
  const { t } = useTranslation("oauth-provider");
  const grants = useClientGrants(client?.client_id);
  const scopeText = useScopeText();
  const name = client?.client_name || client?.client_id || "";
  const list = grants.data ?? [];
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()} title={t("grants.title", { app: name })} description={t("grants.description")} wide>
      <QueryStates query={grants} isEmpty={list.length === 0} empty={<EmptyState title={t("grants.empty")} />}>
        <DataTable caption={t("grants.title", { app: name })} columns={[t("grants.person"), t("grants.access"), t("grants.granted")]}>
          {list.map((grant) => (
            <tr key={grant.id}>
              <td>
                <strong>{grant.user.name || grant.user.email}</strong>
                <br />
                <span className="muted">{grant.user.email}</span>
              </td>
              <td className="scopes-cell">{grant.scopes.map(scopeText).join(", ")}</td>
              <td>{formatDateTime(grant.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
    </Dialog>
  );
}
