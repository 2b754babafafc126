/**
 * Social sign-in: one button per provider the server has configured, above the form, with an
 * "or" divider. The server offers none yet (the social sign-in issue adds them and the call that
 * lists them), so `providers` is empty today and this renders nothing; the screen is laid out
 * for it already.
 */
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";

export interface SocialProvider {
  id: string;
  /** Shown on the button: "Continue with {{name}}". */
  name: string;
}

export function SocialSignIn({ providers, onSelect, busyProvider }: { providers: readonly SocialProvider[]; onSelect(provider: SocialProvider): void; busyProvider?: string | undefined }) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  return (
    <div className="stack social-sign-in">
      <ul className="social-list" aria-label={t("social.label")}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button className="social-button" onClick={() => onSelect(provider)} busy={busyProvider === provider.id}>
              {t("social.continueWith", { name: provider.name })}
            </Button>
          </li>
        ))}
      </ul>
      <p className="divider" role="separator">
        <span>{t("social.or")}</span>
      </p>
    </div>
  );
}
