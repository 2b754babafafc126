/**
 * /admin/users/$userId: one user's panel — profile, role, ban state (refetched on focus, every
 * 10 s and after every action), sessions, linked accounts, organizations and their audit trail —
 * with the actions an administrator takes on them. Every control follows the shared checker.
 */
import { getRouteApi, Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { errorStatus } from "../../../ui/errors";
import { AdminGate } from "../../../app/admin-gate";
import { useAdminCan } from "../../../app/permissions";
import { useCurrentSession } from "../../../app/session";
import { Page } from "../../../ui/page";
import { EmptyState, ErrorState, Loading } from "../../../ui/states";
import { ImpersonateButton } from "../components/impersonate-button";
import { NotAllowed } from "../components/not-allowed";
import { RemoveUserButton } from "../components/remove-user-button";
import { SetPasswordButton } from "../components/set-password-button";
import { UserAccountsCard } from "../components/user-accounts-card";
import { UserAuditCard } from "../components/user-audit-card";
import { UserBanCard } from "../components/user-ban-card";
import { UserLockoutCard } from "../components/user-lockout-card";
import { UserTwoFactorCard } from "../components/user-two-factor-card";
import { UserOrganizationsCard } from "../components/user-organization-card";
import { UserProfileCard } from "../components/user-profile-card";
import { UserRoleCard } from "../components/user-role-card";
import { UserSessionsCard } from "../components/user-sessions-card";
import { UserApiKeysCard } from "../components/user-api-key-card";
import { useAdminUser, type AdminUserDetail } from "../queries";
import "../admin.css";

const route = getRouteApi("/signed-in/admin/users/$userId");

export function UserPage() {
  const { t } = useTranslation("admin");
  return (
    <AdminGate
      request={{ user: ["get"] }}
      denied={
        <Page title={t("user.title")}>
          <NotAllowed />
        </Page>
      }
    >
      <UserPanel />
    </AdminGate>
  );
}

function BackToUsers() {
  const { t } = useTranslation("admin");
  return <Link to="/admin/users">← {t("user.back")}</Link>;
}

function UserPanel() {
  const { t } = useTranslation("admin");
  const { userId } = route.useParams();
  const user = useAdminUser(userId);

  if (user.isPending) {
    return (
      <Page title={t("user.title")} back={<BackToUsers />}>
        <Loading />
      </Page>
    );
  }
  if (user.isError && !user.data) {
    return (
      <Page title={t("user.title")} back={<BackToUsers />}>
        {errorStatus(user.error) === 404 ? (
          <EmptyState title={t("user.notFound")}>{t("user.notFoundHint")}</EmptyState>
        ) : (
          <ErrorState error={user.error} onRetry={() => void user.refetch()} />
        )}
      </Page>
    );
  }
  return <UserDetails user={user.data} />;
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const me = useCurrentSession();
  const isSelf = me.user.id === user.id;
  const canImpersonate = useAdminCan({ user: ["impersonate"] });
  const canSetPassword = useAdminCan({ user: ["set-password"] });
  const canDelete = useAdminCan({ user: ["delete"] });

  return (
    <Page
      title={user.name || user.email}
      description={user.name ? user.email : undefined}
      back={<BackToUsers />}
      actions={
        <>
          {canImpersonate ? <ImpersonateButton user={user} disabled={isSelf} /> : null}
          {canSetPassword ? <SetPasswordButton user={user} /> : null}
          {canDelete ? <RemoveUserButton user={user} /> : null}
        </>
      }
    >
      <div className="user-grid">
        <UserProfileCard user={user} />
        <div className="stack">
          <UserBanCard user={user} />
          <UserLockoutCard user={user} />
          <UserTwoFactorCard user={user} />
          <UserRoleCard user={user} />
        </div>
      </div>
      <UserSessionsCard user={user} />
      <UserApiKeysCard user={user} />
      <div className="user-grid">
        <UserAccountsCard user={user} />
        <UserOrganizationsCard user={user} />
      </div>
      <UserAuditCard user={user} />
    </Page>
  );
}
