/**
 * One organization: its name, the caller's role, tabs (Settings, Members, Invitations, Teams, and
 * Single sign-on for its owners and admins) and
 * the tab's page. The organization and role reach the pages through OrganizationContext.
 */
import { Link, Outlet, useParams } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { splitRoles } from "../../../../shared/permissions";
import { useCurrentSession } from "../../../app/session";
import { Page } from "../../../ui/page";
import { Badge, ErrorState, Loading } from "../../../ui/states";
import { OrganizationContext, organizationContextValue } from "../organization-context";
import { useFullOrganization, useRole } from "../queries";
import { OrganizationLogo, useRoleLabel } from "../shared";
import "../organization.css";

export function OrganizationLayout() {
  const { t } = useTranslation("organization");
  const { organizationId } = useParams({ from: "/signed-in/organizations/$organizationId" });
  const session = useCurrentSession();
  const full = useFullOrganization(organizationId);
  const role = useRole(organizationId);
  const roleLabel = useRoleLabel();
  const organization = full.data;
  const value = useMemo(() => (organization && role.data ? organizationContextValue(organization, role.data) : null), [organization, role.data]);

  const back = <Link to="/organizations">{t("layout.back")}</Link>;
  if (full.isPending || role.isPending) {
    return (
      <Page title={t("layout.loadingTitle")} back={back}>
        <Loading />
      </Page>
    );
  }
  if (full.isError || role.isError || !organization || !value) {
    const error = full.error ?? role.error ?? { code: "ORGANIZATION_NOT_FOUND" };
    return (
      <Page title={t("layout.unavailableTitle")} back={back}>
        <ErrorState error={error} onRetry={() => void Promise.all([full.refetch(), role.refetch()])} />
      </Page>
    );
  }

  const tabs = [
    { to: "/organizations/$organizationId" as const, label: t("tabs.settings"), exact: true },
    { to: "/organizations/$organizationId/members" as const, label: t("tabs.members"), exact: false },
    { to: "/organizations/$organizationId/invitations" as const, label: t("tabs.invitations"), exact: false },
    { to: "/organizations/$organizationId/teams" as const, label: t("tabs.teams"), exact: false },
    // Identity providers and SCIM are managed by the organization's owners and admins only.
    ...(splitRoles(value.role).some((held) => held === "owner" || held === "admin") ? [{ to: "/organizations/$organizationId/sso" as const, label: t("tabs.sso"), exact: false }] : []),
  ];
  return (
    <OrganizationContext.Provider value={value}>
      <Page
        title={organization.name}
        back={back}
        description={
          <span className="row">
            <OrganizationLogo name={organization.name} logo={organization.logo} size={24} />
            <span className="mono">{organization.slug}</span>
            <span>{t("layout.yourRole", { role: roleLabel(value.role) })}</span>
            {session.session.activeOrganizationId === organization.id ? <Badge tone="good">{t("list.active")}</Badge> : null}
          </span>
        }
      >
        <nav className="tabs" aria-label={t("tabs.label")}>
          {tabs.map((tab) => (
            <Link key={tab.to} to={tab.to} params={{ organizationId }} activeOptions={{ exact: tab.exact, includeSearch: false }} activeProps={{ "aria-current": "page" }}>
              {tab.label}
            </Link>
          ))}
        </nav>
        <Outlet />
      </Page>
    </OrganizationContext.Provider>
  );
}
