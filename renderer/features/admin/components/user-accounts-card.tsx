/** How a user signs in: the password and social accounts linked to them. */
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../ui/format";
import { Section } from "../../../ui/page";
import { EmptyState } from "../../../ui/states";
import { useUserAccounts, type AdminUser } from "../queries";
import { QueryStates } from "../../../ui/query-states";

export function UserAccountsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const accounts = useUserAccounts(user.id, true);
  const list = accounts.data?.accounts ?? [];
  return (
    <Section title={t("accounts.title")}>
      <QueryStates query={accounts} isEmpty={list.length === 0} empty={<EmptyState title={t("accounts.empty")} />}>
        <ul className="plain-list" aria-label={t("accounts.title")}>
          {list.map((account) => (
            <li key={account.id} className="spread">
              <span>
                <strong>{account.providerId === "credential" ? t("accounts.credential") : t("accounts.social", { provider: account.providerId })}</strong>
                {account.scopes?.length ? <span className="muted"> · {account.scopes.join(", ")}</span> : null}
              </span>
              <span className="muted">{t("accounts.linked", { date: formatDateTime(account.createdAt) })}</span>
            </li>
          ))}
        </ul>
      </QueryStates>
    </Section>
  );
}
