/** Scopes in plain words (the catalogue's scopes.* texts); a scope the console does not know shows as itself. */
import { useTranslation } from "react-i18next";

/** The scopes Latchkey offers apps (shared/contract/oauth-provider.ts OAUTH_SCOPES), in the order they are shown. */
export const SCOPES = ["openid", "profile", "email", "offline_access", "organizations", "roles", "groups"] as const;
const KNOWN = new Set<string>(SCOPES);

export function useScopeText() {
  const { t } = useTranslation("oauth-provider");
  return (scope: string) => (KNOWN.has(scope) ? t(`scopes.${scope}`) : scope);
}

export function ScopeList({ scopes, label }: { scopes: string[]; label: string }) {
  const text = useScopeText();
  return (
    <ul className="scope-list" aria-label={label}>
      {scopes.map((scope) => (
        <li key={scope}>{text(scope)}</li>
      ))}
    </ul>
  );
}
