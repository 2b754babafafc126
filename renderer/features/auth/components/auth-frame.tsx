/** The signed-out screens' frame: the product name, one card with the page's h1, links below. */
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "../../../app/language-picker";
import { useVerifyingHuman } from "../captcha-state";
import "../auth.css";

export function AuthFrame({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const verifying = useVerifyingHuman();
  useEffect(() => {
    document.title = `${title} · ${t("appName")}`;
  }, [title, t]);
  return (
    <div className="centered">
      <main className="auth-main" aria-labelledby="page-title">
        <div className="auth-top">
          <p className="auth-brand">{t("appName")}</p>
          <LanguagePicker />
        </div>
        <div className="auth-card stack">
          <header className="auth-header">
            <h1 id="page-title">{title}</h1>
            {description ? <p className="muted auth-description">{description}</p> : null}
          </header>
          {children}
          {/* Always present, so screen readers announce the text when it appears (a live region added with its text is often missed). */}
          <p className="muted auth-captcha" role="status" aria-live="polite">
            {verifying ? t("auth:captcha.verifying") : ""}
          </p>
        </div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
