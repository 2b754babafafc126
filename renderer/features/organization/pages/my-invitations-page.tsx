/** The signed-in person's own pending invitations, with accept (→ the organization) and reject. */
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../../ui/button";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Page } from "../../../ui/page";
import { EmptyState } from "../../../ui/states";
import { useAcceptInvitation, useMyInvitations, useRejectInvitation } from "../queries";
import { useRoleLabel } from "../shared";
import { FormError } from "../../../ui/form-error";
import { DataTable } from "../../../ui/data-table";
import { QueryStates } from "../../../ui/query-states";
import "../organization.css";

export function MyInvitationsPage() {
  const { t } = useTranslation("organization");
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const roleLabel = useRoleLabel();
  const failure = accept.error ?? reject.error;

  return (
    <Page title={t("mine.title")} description={t("mine.description")}>
      <FormError error={failure} />
      <QueryStates query={invitations} isEmpty={(invitations.data ?? []).length === 0} empty={<EmptyState title={t("mine.emptyTitle")}>{t("mine.emptyBody")}</EmptyState>}>
        <DataTable caption={t("mine.title")} columns={[t("mine.organization"), t("mine.role"), t("mine.expires")]} actionsLabel={t("mine.actions")}>
          {(invitations.data ?? []).map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.organizationName}</td>
              <td>{roleLabel(invitation.role)}</td>
              <td title={formatDateTime(invitation.expiresAt)}>{formatRelative(invitation.expiresAt)}</td>
              <td>
                <span className="row">
                  <Button
                    size="small"
                    variant="primary"
                    busy={accept.isPending && accept.variables === invitation.id}
                    aria-label={t("mine.acceptFor", { name: invitation.organizationName })}
                    onClick={() =>
                      accept.mutate(invitation.id, {
                        onSuccess: (result) => {
                          toast.success(t("accept.joined", { name: invitation.organizationName }));
                          void navigate({ to: "/organizations/$organizationId", params: { organizationId: result.member.organizationId } });
                        },
                      })
                    }
                  >
                    {t("accept.accept")}
                  </Button>
                  <Button
                    size="small"
                    busy={reject.isPending && reject.variables === invitation.id}
                    aria-label={t("mine.rejectFor", { name: invitation.organizationName })}
                    onClick={() => reject.mutate(invitation.id, { onSuccess: () => toast.success(t("accept.rejected", { name: invitation.organizationName })) })}
                  >
                    {t("accept.reject")}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
    </Page>
  );
}
