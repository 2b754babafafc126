/** What someone without the administrator's rights sees on an administration page. */
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export function NotAllowed() {
  const { t } = useTranslation("admin");
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{t("notAllowed.title")}</p>
      <p>{t("notAllowed.body")}</p>
      <Link to="/account">{t("notAllowed.back")}</Link>
    </div>
  );
}
