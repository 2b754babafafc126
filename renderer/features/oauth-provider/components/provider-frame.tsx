/**
 * The frame of the provider's own pages (consent, sign-out confirmation): signed-out style like
 * sign-in's, since the person is on their way between an app and Latchkey.
 */
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "../../../app/language-picker";
import "../oauth-provider.css";

/** The signed-out-style frame (like sign-in's): product name, language, one card. */
export function ProviderFrame({ title, app, children }: { title: string; app?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t("appName")}`;
  }, [title, t]);
  return (
    <div className="centered">
      <main className="consent-main" aria-labelledby="page-title">
        <div className="consent-top">
          <p className="consent-brand">{t("appName")}</p>
          <LanguagePicker />
        </div>
        <div className="auth-card stack">
          {app ?? <h1 id="page-title">{title}</h1>}
          {children}
        </div>
      </main>
    </div>
  );
}
