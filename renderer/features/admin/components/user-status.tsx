/** A user's ban and verification state as badges, with the ban's reason and end. */
import { useTranslation } from "react-i18next";
import { Badge } from "../../../ui/states";
import { formatDateTime } from "../../../ui/format";
import { serverNow } from "../../../ui/server-clock";

interface StatusUser {
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  emailVerified: boolean;
  /** Sign-in refused until then (account lockout, docs/lockout.md). */
  lockedUntil?: string | null;
}

export function banSummary(t: (key: string, options?: Record<string, unknown>) => string, user: StatusUser): string {
  const until = user.banExpires ? t("status.bannedUntil", { date: formatDateTime(user.banExpires) }) : t("status.bannedForever");
  return user.banReason ? `${until} — ${user.banReason}` : until;
}

export interface StatusLabels {
  banned: string;
  active: string;
  verified: string;
  unverified: string;
  locked: string;
}

export function statusLabels(t: (key: string) => string): StatusLabels {
  return { banned: t("status.banned"), active: t("status.active"), verified: t("status.verified"), unverified: t("status.unverified"), locked: t("status.locked") };
}

/** The badges with labels looked up by the caller (the users table does it once, not per row). */
export function UserStatusBadges({ user, labels, detail }: { user: StatusUser; labels: StatusLabels; detail?: string | undefined }) {
  const locked = isLockedNow(user);
  return (
    <span className="user-status">
      {user.banned ? <Badge tone="bad">{labels.banned}</Badge> : <Badge tone="good">{labels.active}</Badge>}
      {user.emailVerified ? <Badge tone="info">{labels.verified}</Badge> : <Badge tone="warn">{labels.unverified}</Badge>}
      {locked ? <Badge tone="bad">{labels.locked}</Badge> : null}
      {detail ? <span className="muted user-status-detail">{detail}</span> : null}
    </span>
  );
}

/**
 * The one state that matters most, for a table row: banned, then sign-in locked, then unverified,
 * else active. A row has room for one badge in every language (Ukrainian's "active" and
 * "unverified" together are 272 px); the user's panel shows them all.
 */
export function UserStatusBadge({ user, labels, detail }: { user: StatusUser; labels: StatusLabels; detail?: string | undefined }) {
  const badge = user.banned ? (
    <Badge tone="bad">{labels.banned}</Badge>
  ) : isLockedNow(user) ? (
    <Badge tone="bad">{labels.locked}</Badge>
  ) : user.emailVerified ? (
    <Badge tone="good">{labels.active}</Badge>
  ) : (
    <Badge tone="warn">{labels.unverified}</Badge>
  );
  return (
    <span className="user-status">
      {badge}
      {detail ? <span className="muted user-status-detail">{detail}</span> : null}
    </span>
  );
}

/** Sign-in refused right now (a wait of the slow phase counts too). */
export function isLockedNow(user: Pick<StatusUser, "lockedUntil">, now = serverNow()): boolean {
  return user.lockedUntil !== null && user.lockedUntil !== undefined && Date.parse(user.lockedUntil) > now;
}

export function UserStatus({ user, compact = false }: { user: StatusUser; compact?: boolean }) {
  const { t } = useTranslation("admin");
  return <UserStatusBadges user={user} labels={statusLabels(t)} detail={user.banned && compact ? banSummary(t, user) : undefined} />;
}

/** "email", "username" … → words; unknown methods (social:github) are shown readably. */
export function signInMethodLabel(t: (key: string, options?: Record<string, unknown>) => string, method: string | null): string {
  if (!method) return "";
  if (method.startsWith("social:")) return t("signInMethods.social", { provider: method.slice("social:".length) });
  const key = `signInMethods.${method}`;
  const text = t(key);
  return text === key ? method : text;
}
