/**
 * Whether new passwords are checked against breach corpora (issue 40): on or off, from a range
 * service (only a 5-character hash prefix leaves) or a range folder (no network), and what a
 * failed lookup does. Set in the configuration file only (`passwordBreach`); shown to those who
 * may read the server's settings, in the browser and on the desktop.
 */
import { useTranslation } from "react-i18next";
import { Section } from "../../../ui/page";
import { QueryStates } from "../../../ui/query-states";
import { Badge } from "../../../ui/states";
import { usePasswordBreachCheck } from "../queries";

export function PasswordBreachSection() {
  const { t } = useTranslation("server");
  const query = usePasswordBreachCheck(true);
  const check = query.data;
  return (
    <Section title={t("breach.title")} description={t("breach.description")}>
      <QueryStates query={query} isEmpty={false} empty={null}>
        {check ? (
          <dl className="server-facts" aria-label={t("breach.factsLabel")}>
            <dt>{t("breach.state")}</dt>
            <dd>{check.enabled ? <Badge tone="good">{t("breach.on")}</Badge> : <Badge tone="neutral">{t("breach.off")}</Badge>}</dd>
            {check.enabled ? (
              <>
                <dt>{t("breach.source")}</dt>
                <dd>{check.source === "range-folder" ? t("breach.folder") : t("breach.service")}</dd>
                <dt>{t("breach.onFailure")}</dt>
                <dd>{check.failClosed ? t("breach.failClosed") : t("breach.failOpen")}</dd>
              </>
            ) : (
              <>
                <dt>{t("breach.why")}</dt>
                <dd>{t("breach.offBody")}</dd>
              </>
            )}
          </dl>
        ) : null}
      </QueryStates>
    </Section>
  );
}
