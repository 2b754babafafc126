/** The page an invitation mail links to: who invited you where, as what, until when; accept or reject. */
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorCode, errorText } from "../../../ui/errors";
import { useCurrentSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Page, Section } from "../../../ui/page";
import { Loading } from "../../../ui/states";
import { useAcceptInvitation, useInvitation, useRejectInvitation } from "../queries";
import { useRoleLabel } from "../shared";
import { FormError } from "../../../ui/form-error";
import "../organization.css";
import { serverNow } from "../../../ui/server-clock";

/** Words for the ways an invitation link can fail, beyond the catalogue's one-liners. */
function useInvitationProblem() {
  const { t } = useTranslation("organization");
  const session = useCurrentSession();
  return (error: unknown): string => {
    switch (errorCode(error)) {
      case "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION":
        return t("accept.notRecipient", { email: session.user.email });
      case "INVITATION_NOT_FOUND":
        return t("accept.notFound");
      case "INVITATION_EXPIRED":
        return t("accept.expired");
      default:
        return errorText(error);
    }
  };
}

export function AcceptInvitationPage() {
  const { t } = useTranslation("organization");
  const { invitationId } = useParams({ from: "/signed-in/accept-invitation/$invitationId" });
  const navigate = useNavigate();
  const invitation = useInvitation(invitationId);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const roleLabel = useRoleLabel();
  const problem = useInvitationProblem();
  const [rejected, setRejected] = useState<string | null>(null);
  const failure = accept.error ?? reject.error;
  const back = <Link to="/invitations">{t("accept.allInvitations")}</Link>;

  if (invitation.isPending) {
    return (
      <Page title={t("accept.title")} back={back}>
        <Loading />
      </Page>
    );
  }
  if (rejected !== null) {
    return (
      <Page title={t("accept.title")} back={back}>
        <p className="form-success" role="status">
          {t("accept.rejected", { name: rejected })}
        </p>
      </Page>
    );
  }
  if (invitation.isError) {
    return (
      <Page title={t("accept.unavailableTitle")} back={back}>
        <div className="state state-error" role="alert">
          <p className="state-title">{t("accept.unavailable")}</p>
          <p>{problem(invitation.error)}</p>
        </div>
      </Page>
    );
  }
  const data = invitation.data;
  const expired = new Date(data.expiresAt).getTime() <= serverNow();
  return (
    <Page title={t("accept.titleFor", { name: data.organizationName })} back={back}>
      <Section title={t("accept.details")}>
        <p>{t("accept.lead", { inviter: data.inviterEmail, name: data.organizationName, role: roleLabel(data.role) })}</p>
        <dl className="org-detail-list">
          <dt>{t("accept.organization")}</dt>
          <dd>
            {data.organizationName} <span className="muted mono">({data.organizationSlug})</span>
          </dd>
          <dt>{t("accept.invitedBy")}</dt>
          <dd>{data.inviterEmail}</dd>
          <dt>{t("accept.role")}</dt>
          <dd>{roleLabel(data.role)}</dd>
          <dt>{t("accept.expires")}</dt>
          <dd>
            {formatDateTime(data.expiresAt)} ({formatRelative(data.expiresAt)})
          </dd>
        </dl>
        <FormError>{expired ? t("accept.expired") : null}</FormError>
        <FormError>{failure ? problem(failure) : null}</FormError>
        <div className="row">
          <Button
            variant="primary"
            disabled={expired}
            busy={accept.isPending}
            onClick={() =>
              accept.mutate(data.id, {
                onSuccess: (result) => {
                  toast.success(t("accept.joined", { name: data.organizationName }));
                  void navigate({ to: "/organizations/$organizationId", params: { organizationId: result.member.organizationId } });
                },
              })
            }
          >
            {t("accept.accept")}
          </Button>
          <Button busy={reject.isPending} onClick={() => reject.mutate(data.id, { onSuccess: () => setRejected(data.organizationName) })}>
            {t("accept.reject")}
          </Button>
        </div>
      </Section>
    </Page>
  );
}
