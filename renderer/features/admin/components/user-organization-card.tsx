/** The organizations a user belongs to, with their role in each. */
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { Badge, EmptyState } from "../../../ui/states";
import { useUserOrganizations, type AdminUser } from "../queries";
import { QueryStates } from "../../../ui/query-states";

export function UserOrganizationsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const organizations = useUserOrganizations(user.id, true);
  const list = organizations.data?.organizations ?? [];
  return (
    <Section title={t("organizations.title")}>
      <QueryStates query={organizations} isEmpty={list.length === 0} empty={<EmptyState title={t("organizations.empty")} />}>
        <ul className="plain-list" aria-label={t("organizations.title")}>
          {list.map((organization) => (
            <li key={organization.id} className="spread">
              <span>
                <strong>{organization.name}</strong> <span className="muted">{organization.slug}</span>
              </span>
              <span>
                <Badge tone="info">{organization.role}</Badge> <span className="muted">{t("organizations.joined", { date: formatDateTime(organization.joinedAt) })}</span>
              </span>
            </li>
          ))}
          {(organizations.data?.total ?? 0) > list.length ? <li className="muted">{t("organizations.more", { count: (organizations.data?.total ?? 0) - list.length })}</li> : null}
        </ul>
      </QueryStates>
    </Section>
  );
}
