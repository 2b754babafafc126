/** A user's ban and verification state as badges, with the ban's reason and end. */
import { useTranslation } from "react-i18next";
import { Badge } from "../../../ui/states";
import { formatDateTime } from "../../../ui/format";

interface StatusUser {
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  emailVerified: boolean;
}

export function banSummary(t: (key: string, options?: Record<string, unknown>) => string, user: StatusUser): string {
  const until = user.banExpires ? t("status.bannedUntil", { date: formatDateTime(user.banExpires) }) : t("status.bannedForever");
  return user.banReason ? `${until} — ${user.banReason}` : until;
}

export function UserStatus({ user, compact = false }: { user: StatusUser; compact?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <span className="user-status">
      {user.banned ? (
        <Badge tone="bad">{t("status.banned")}</Badge>
      ) : (
        <Badge tone="good">{t("status.active")}</Badge>
      )}
      {user.emailVerified ? <Badge tone="info">{t("status.verified")}</Badge> : <Badge tone="warn">{t("status.unverified")}</Badge>}
      {user.banned && compact ? <span className="muted user-status-detail">{banSummary(t, user)}</span> : null}
    </span>
  );
}

/** "email", "username" … → words; unknown methods (social:github) are shown readably. */
export function signInMethodLabel(t: (key: string, options?: Record<string, unknown>) => string, method: string | null): string {
  if (!method) return "";
  if (method.startsWith("social:")) return t("signInMethods.social", { provider: method.slice("social:".length) });
  const key = `signInMethods.${method}`;
  const text = t(key);
  return text === key ? method : text;
}
