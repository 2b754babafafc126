/**
 * An invitation link opened while signed out (issue 25, item 10): names the organization and who
 * invited, and offers to sign in or create an account with the invited address filled in; either
 * way the person comes back to the accept page. The server answers only what the mail said.
 */
import { Link, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthFrame } from "../../auth/components/auth-frame";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Loading } from "../../../ui/states";
import { useInvitationPreview } from "../queries";
import { useRoleLabel } from "../shared";
import "../organization.css";

export function InvitationPreviewPage() {
  const { t } = useTranslation("organization");
  const { invitationId } = useParams({ from: "/invitation/$invitationId" });
  const preview = useInvitationPreview(invitationId);
  const roleLabel = useRoleLabel();
  // Where signing in or up leads: the signed-in accept page of this same invitation.
  const redirect = `/accept-invitation/${encodeURIComponent(invitationId)}`;

  if (preview.isPending) {
    return (
      <AuthFrame title={t("accept.title")}>
        <Loading />
      </AuthFrame>
    );
  }
  if (preview.isError) {
    return (
      <AuthFrame
        title={t("accept.unavailableTitle")}
        footer={
          <Link to="/sign-in" search={{ redirect: undefined, reason: undefined }}>
            {t("preview.signIn")}
          </Link>
        }
      >
        <div className="state state-error" role="alert">
          <p>{t("accept.notFound")}</p>
        </div>
      </AuthFrame>
    );
  }
  const data = preview.data;
  return (
    <AuthFrame title={t("accept.titleFor", { name: data.organizationName })}>
      <p>
        {data.inviterName
          ? t("preview.lead", { inviter: data.inviterName, name: data.organizationName, role: roleLabel(data.role) })
          : t("preview.leadNoInviter", { name: data.organizationName, role: roleLabel(data.role) })}
      </p>
      <dl className="org-detail-list">
        <dt>{t("accept.organization")}</dt>
        <dd>{data.organizationName}</dd>
        <dt>{t("accept.invitedBy")}</dt>
        <dd>{data.inviterName || "—"}</dd>
        <dt>{t("preview.sentTo")}</dt>
        <dd>{data.email}</dd>
        <dt>{t("accept.expires")}</dt>
        <dd>
          {formatDateTime(data.expiresAt)} ({formatRelative(data.expiresAt)})
        </dd>
      </dl>
      <p className="muted">{t("preview.hint", { email: data.email })}</p>
      <div className="row">
        <Link className="button button-primary" to="/sign-in" search={{ redirect, reason: undefined, email: data.email }}>
          {t("preview.signIn")}
        </Link>
        <Link className="button button-secondary" to="/sign-up" search={{ redirect, email: data.email }}>
          {t("preview.createAccount")}
        </Link>
      </div>
    </AuthFrame>
  );
}
