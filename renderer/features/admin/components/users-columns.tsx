/** The users table's columns: what each cell shows, its width, and the server field it sorts by. */
import { Link } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatRelative } from "../../../ui/format";
import { USER_COLUMNS, type UserColumn } from "../column-prefs";
import type { AdminUser } from "../queries";
import type { UserSortField } from "../users-search";
import { banSummary, signInMethodLabel, statusLabels, UserStatusBadge } from "./user-status";

/** Which server sort field each column sorts by. */
export const SORT_FIELD: Record<UserColumn, UserSortField> = {
  email: "email",
  name: "name",
  username: "username",
  role: "role",
  status: "banned",
  createdAt: "createdAt",
  lastSignIn: "lastSignInAt",
};

/**
 * Each column's narrowest width; the table widens a column to its widest cell (users-table.tsx),
 * so what a column holds decides its width, in every language.
 */
export const COLUMN_MIN: Record<UserColumn | "select", number> = {
  select: 44,
  email: 160,
  name: 100,
  username: 100,
  role: 90,
  status: 100,
  createdAt: 100,
  lastSignIn: 120,
};

/** Text up to `max` characters, cut at a word with "…" when longer. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A label function remembered per value: rows share a handful of roles and sign-in methods. */
function cached<K, V>(compute: (key: K) => V): (key: K) => V {
  const memo = new Map<K, V>();
  return (key) => {
    if (!memo.has(key)) memo.set(key, compute(key));
    return memo.get(key) as V;
  };
}

export function useUserColumns(): ColumnDef<AdminUser>[] {
  const { t } = useTranslation("admin");
  return useMemo<ColumnDef<AdminUser>[]>(() => {
    const label: Record<UserColumn, string> = {
      email: t("columns.email"),
      name: t("columns.name"),
      username: t("columns.username"),
      role: t("columns.role"),
      status: t("columns.status"),
      createdAt: t("columns.createdAt"),
      lastSignIn: t("columns.lastSignIn"),
    };
    // Labels every row shares are looked up once, not per cell.
    const never = t("never", { ns: "common" });
    const status = statusLabels(t);
    const roleLabel = cached((roles: string) => roles.split(",").map((role) => t(`roles.${role.trim()}`, { defaultValue: role.trim() })).join(", "));
    const methodLabel = cached((method: string | null) => signInMethodLabel(t, method));
    const cell: Record<UserColumn, (user: AdminUser) => ReactNode> = {
      email: (user) => (
        <Link to="/admin/users/$userId" params={{ userId: user.id }} tabIndex={-1} className="cell-link">
          {user.email}
        </Link>
      ),
      name: (user) => user.name,
      username: (user) => user.displayUsername ?? user.username ?? "",
      role: (user) => roleLabel(user.role),
      status: (user) => {
        // Under the badge the row says why (a long reason shortened at a word), or until when when
        // no reason was given; the whole ban (end and full reason) is in the title and the user's
        // panel.
        const ban = user.banned ? banSummary(t, user) : undefined;
        const end = user.banExpires ? t("status.bannedUntil", { date: formatDate(user.banExpires) }) : t("status.bannedForever");
        const until = user.banned ? (user.banReason ? shorten(user.banReason, 28) : end) : undefined;
        return (
          <span title={ban}>
            <UserStatusBadge user={user} labels={status} detail={until} />
          </span>
        );
      },
      createdAt: (user) => <span title={formatDateTime(user.createdAt)}>{formatDate(user.createdAt)}</span>,
      lastSignIn: (user) =>
        user.lastSignInAt ? (
          <span className="last-sign-in" title={`${formatDateTime(user.lastSignInAt)} · ${methodLabel(user.lastSignInMethod)}`}>
            <span>{formatRelative(user.lastSignInAt)}</span> <span className="muted sign-in-method">{methodLabel(user.lastSignInMethod)}</span>
          </span>
        ) : (
          <span className="muted">{never}</span>
        ),
    };
    return [
      {
        id: "select",
        size: COLUMN_MIN.select,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t("table.selectAll")}
            checked={table.getIsAllRowsSelected()}
            ref={(element) => {
              if (element) element.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={t("table.select", { email: row.original.email })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...USER_COLUMNS.map<ColumnDef<AdminUser>>((id) => ({ id, header: label[id], size: COLUMN_MIN[id], cell: ({ row }) => cell[id](row.original) })),
    ];
  }, [t]);
}
