/** A user's profile at a glance: name, email, username, verification, dates, id, and the SCIM connection that provisioned them. */
import { useTranslation } from "react-i18next";
import { formatDateTime, formatRelative } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { Badge } from "../../../ui/states";
import { signInMethodLabel } from "./user-status";
import { type AdminUserDetail } from "../queries";

export function UserProfileCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const never = t("never", { ns: "common" });
  return (
    <Section title={t("profile.title")}>
      <dl className="details">
        <dt>{t("profile.name")}</dt>
        <dd>{user.name || <span className="muted">{t("none", { ns: "common" })}</span>}</dd>
        <dt>{t("profile.email")}</dt>
        <dd>{user.email}</dd>
        <dt>{t("profile.username")}</dt>
        <dd>{user.displayUsername ?? user.username ?? <span className="muted">{t("none", { ns: "common" })}</span>}</dd>
        <dt>{t("profile.verified")}</dt>
        <dd>{user.emailVerified ? <Badge tone="good">{t("status.verified")}</Badge> : <Badge tone="warn">{t("status.unverified")}</Badge>}</dd>
        <dt>{t("profile.created")}</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>{t("profile.lastSignIn")}</dt>
        <dd>
          {user.lastSignInAt ? (
            <>
              {formatDateTime(user.lastSignInAt)} <span className="muted">({formatRelative(user.lastSignInAt)}) · {signInMethodLabel(t, user.lastSignInMethod)}</span>
            </>
          ) : (
            never
          )}
        </dd>
        <dt>{t("profile.id")}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        {user.provisionedBy ? (
          <>
            <dt>{t("profile.provisionedBy")}</dt>
            <dd>{user.provisionedBy.name}</dd>
          </>
        ) : null}
      </dl>
    </Section>
  );
}
