/**
 * The person's API keys: create one (shown once, with a copy button), see each key's start,
 * limits, expiry and last use, and revoke it.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../../../ui/page";
import { ApiKeysList, apiKeyDisplayName } from "../../api-key/api-key-list";
import { ApiKeyCreateForm } from "./api-key-create-form";
import { ApiKeyCreated } from "./api-key-created";
import { useApiKeys, useRevokeApiKey } from "../queries";

export function ApiKeysSection() {
  const { t } = useTranslation("api-key");
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<string | null>(null);

  return (
    <Section title={t("title")} description={t("description")}>
      {created ? <ApiKeyCreated apiKey={created} onDone={() => setCreated(null)} /> : <ApiKeyCreateForm onCreated={setCreated} />}
      <ApiKeysList query={keys} emptyTitle={t("empty")} revoke={revoke} revokeBody={(key) => t("revokeBody", { name: apiKeyDisplayName(key) })} />
    </Section>
  );
}
