/** An administrator's view of a user's API keys (needs session:list), each revocable (session:revoke). */
import { useTranslation } from "react-i18next";
import { useAdminCan } from "../../../app/permissions";
import { Section } from "../../../ui/page";
import { ApiKeysList, apiKeyDisplayName } from "../../api-key/api-key-list";
import { useRevokeUserApiKey, useUserApiKeys } from "../queries";

export function UserApiKeysCard({ user }: { user: { id: string; email: string } }) {
  const { t } = useTranslation("api-key");
  const canList = useAdminCan({ session: ["list"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const keys = useUserApiKeys(user.id, canList);
  const revoke = useRevokeUserApiKey(user.id);
  if (!canList) return null;
  return (
    <Section title={t("title")} description={t("adminDescription", { email: user.email })}>
      <ApiKeysList
        query={keys}
        emptyTitle={t("adminEmpty")}
        revoke={canRevoke ? revoke : undefined}
        revokeBody={(key) => t("adminRevokeBody", { name: apiKeyDisplayName(key), email: user.email })}
      />
    </Section>
  );
}
