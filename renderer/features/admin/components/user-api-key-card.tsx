/** An administrator's view of a user's API keys (needs session:list), each revocable (session:revoke). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../app/api";
import { useAdminCan } from "../../../app/permissions";
import { Section } from "../../../ui/page";
import { ApiKeysList, apiKeyDisplayName } from "../../api-key/api-key-list";

const keysOf = (userId: string) => ["admin", "user", userId, "api-keys"] as const;

export function UserApiKeysCard({ user }: { user: { id: string; email: string } }) {
  const { t } = useTranslation("api-key");
  const canList = useAdminCan({ session: ["list"] });
  const canRevoke = useAdminCan({ session: ["revoke"] });
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: keysOf(user.id), queryFn: () => api.adminListUserApiKeys({ userId: user.id }), enabled: canList });
  const revoke = useMutation({
    mutationFn: (keyId: string) => api.adminRevokeUserApiKey({ keyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysOf(user.id) }),
  });
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
