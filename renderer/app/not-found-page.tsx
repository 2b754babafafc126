import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../ui/page";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="centered">
      <Page title={t("notFoundTitle")} description={t("notFoundBody")}>
        <Link to="/account">{t("goHome")}</Link>
      </Page>
    </main>
  );
}
