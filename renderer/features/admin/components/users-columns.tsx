/** The users table's columns: what each cell shows, its width, and the server field it sorts by. */
import { Link } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatRelative } from "../../../ui/format";
import { USER_COLUMNS, type UserColumn } from "../column-prefs";
import type { AdminUser } from "../queries";
import type { UserSortField } from "../users-search";
import { banSummary, signInMethodLabel, UserStatus } from "./user-status";

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

/** Widths that fit the default columns (all but username) in a 1280 px window beside the sidebar. */
const COLUMN_SIZE: Record<UserColumn, number> = {
  email: 210,
  name: 160,
  username: 120,
  role: 80,
  status: 180,
  createdAt: 125,
  lastSignIn: 185,
};

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
    const cell: Record<UserColumn, (user: AdminUser) => ReactNode> = {
      email: (user) => (
        <Link to="/admin/users/$userId" params={{ userId: user.id }} tabIndex={-1} className="cell-link">
          {user.email}
        </Link>
      ),
      name: (user) => user.name,
      username: (user) => user.displayUsername ?? user.username ?? "",
      role: (user) => user.role.split(",").map((role) => t(`roles.${role.trim()}`, { defaultValue: role.trim() })).join(", "),
      status: (user) => (
        <span title={user.banned ? banSummary(t, user) : undefined}>
          <UserStatus user={user} compact />
        </span>
      ),
      createdAt: (user) => <span title={formatDateTime(user.createdAt)}>{formatDate(user.createdAt)}</span>,
      lastSignIn: (user) =>
        user.lastSignInAt ? (
          <span title={formatDateTime(user.lastSignInAt)}>
            {formatRelative(user.lastSignInAt)} <span className="muted">· {signInMethodLabel(t, user.lastSignInMethod)}</span>
          </span>
        ) : (
          <span className="muted">{never}</span>
        ),
    };
    return [
      {
        id: "select",
        size: 44,
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
      ...USER_COLUMNS.map<ColumnDef<AdminUser>>((id) => ({ id, header: label[id], size: COLUMN_SIZE[id], cell: ({ row }) => cell[id](row.original) })),
    ];
  }, [t]);
}
