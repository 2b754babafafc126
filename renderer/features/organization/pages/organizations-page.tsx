/** The caller's organizations: role, the active one, switch active, create. */
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentSession } from "../../../app/session";
import { Button } from "../../../ui/button";
import { Page } from "../../../ui/page";
import { Badge, EmptyState } from "../../../ui/states";
import { CreateOrganizationDialog } from "../create-organization-dialog";
import { useOrganizations, useRoles, useSetActiveOrganization } from "../queries";
import { OrganizationLogo, useRoleLabel } from "../shared";
import { DataTable } from "../../../ui/data-table";
import { QueryStates } from "../../../ui/query-states";
import "../organization.css";

export function OrganizationsPage() {
  const { t } = useTranslation("organization");
  const session = useCurrentSession();
  const organizations = useOrganizations();
  const list = organizations.data ?? [];
  const roles = useRoles(list.map((organization) => organization.id));
  const setActive = useSetActiveOrganization();
  const roleLabel = useRoleLabel();
  const [creating, setCreating] = useState(false);
  const activeId = session.session.activeOrganizationId;

  const createButton = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      {t("create.open")}
    </Button>
  );

  return (
    <Page title={t("list.title")} description={t("list.description")} actions={list.length > 0 ? createButton : undefined}>
      <QueryStates
        query={organizations}
        isEmpty={list.length === 0}
        empty={
          <EmptyState title={t("list.emptyTitle")} action={createButton}>
            {t("list.emptyBody")}
          </EmptyState>
        }
      >
        <DataTable caption={t("list.caption")} columns={[t("list.name"), t("list.slug"), t("list.role"), t("list.status")]} actionsLabel={t("list.actions")}>
          {list.map((organization, index) => {
            const active = organization.id === activeId;
            const role = roles[index]?.data;
            return (
              <tr key={organization.id}>
                <td>
                  <span className="org-name-cell">
                    <OrganizationLogo name={organization.name} logo={organization.logo} />
                    <Link to="/organizations/$organizationId" params={{ organizationId: organization.id }}>
                      {organization.name}
                    </Link>
                  </span>
                </td>
                <td className="mono">{organization.slug}</td>
                <td>{role ? roleLabel(role) : roles[index]?.isError ? t("list.roleUnknown") : "…"}</td>
                <td>{active ? <Badge tone="good">{t("list.active")}</Badge> : null}</td>
                <td>
                  {active ? null : (
                    <Button
                      size="small"
                      onClick={() => setActive.mutate(organization.id)}
                      busy={setActive.isPending && setActive.variables === organization.id}
                      aria-label={t("list.setActiveFor", { name: organization.name })}
                    >
                      {t("list.setActive")}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </QueryStates>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
