/** Electron only: which server this window signs in to, and a way to pick another. */
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isDesktop } from "../../../app/desktop";
import { useActiveServer } from "../queries";

export function ServerNotice() {
  const { t } = useTranslation("auth");
  const server = useActiveServer();
  if (!isDesktop) return null;
  return (
    <p className="server-notice">
      {server.data ? t("server.signingInTo", { name: server.data.name, url: server.data.url }) : t("server.none")}{" "}
      <Link to="/welcome">{t("server.change")}</Link>
    </p>
  );
}
