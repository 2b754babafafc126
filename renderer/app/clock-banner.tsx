/**
 * Issue 39: on a server whose clock was moved (`auth server start --clock-offset 8d`, `auth dev
 * clock advance`), every page says so — bans, sessions and invitations there follow that clock,
 * and a screenshot or a bug report taken there should not be mistaken for real time. The server
 * says how far in its health answer.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SERVER_HEALTH_QUERY } from "./server-clock-root";
import { serverNow } from "../ui/server-clock";

const UNITS = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
] as const;

/** `+8 days`, `−3 hours` in the console's language: the largest unit that says it exactly, else hours. */
function formatOffset(ms: number, language: string): string {
  const [unit, size] = UNITS.find(([, size]) => ms % size === 0) ?? ["hour", 3_600_000];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long", signDisplay: "always", maximumFractionDigits: 1 }).format(ms / size);
}

export function ClockBanner() {
  const { t, i18n } = useTranslation();
  // Moved while the console is open (auth dev clock advance): asked again every half minute.
  const { data } = useQuery(SERVER_HEALTH_QUERY);
  const offset = data?.clockOffsetMs;
  if (!offset) return null;
  const now = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(serverNow());
  return (
    <div className="clock-banner" role="status">
      {t("clock.shifted", { offset: formatOffset(offset, i18n.language), now })}
    </div>
  );
}
