/** The users table's search box, search field and operator, filter, and the columns menu. */
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { ColumnPrefs, UserColumn } from "../column-prefs";
import { ROLE_NAMES } from "../roles";
import type { UsersSearch } from "../users-search";
import { useSearchText } from "../use-search-text";
import { ColumnMenu } from "./column-menu";

type FilterChoice = "all" | "banned" | "notBanned" | "verified" | "unverified" | "locked" | `role:${string}`;

export function filterOf(search: UsersSearch): FilterChoice {
  if (search.banned !== undefined) return search.banned ? "banned" : "notBanned";
  if (search.verified !== undefined) return search.verified ? "verified" : "unverified";
  if (search.locked) return "locked";
  if (search.role) return `role:${search.role}`;
  return "all";
}

function searchForFilter(choice: FilterChoice): Pick<UsersSearch, "banned" | "verified" | "role" | "locked"> {
  const none = { banned: undefined, verified: undefined, role: undefined, locked: undefined };
  if (choice === "banned" || choice === "notBanned") return { ...none, banned: choice === "banned" };
  if (choice === "verified" || choice === "unverified") return { ...none, verified: choice === "verified" };
  if (choice === "locked") return { ...none, locked: true };
  if (choice.startsWith("role:")) return { ...none, role: choice.slice(5) };
  return none;
}

/**
 * The search box keeps the typed text in its own state, so a key press re-renders only the box;
 * the text reaches the URL (and so the table) `debounceMs` after the last key.
 */
const SearchBox = memo(function SearchBox({ q, onSearch, debounceMs }: { q: string | undefined; onSearch(q: string | undefined): void; debounceMs: number }) {
  const { t } = useTranslation("admin");
  const searchText = useSearchText(q, onSearch, debounceMs);
  return (
    <div className="field users-search">
      <label htmlFor="users-search">{t("users.search")}</label>
      <input id="users-search" type="search" value={searchText.text} onChange={(event) => searchText.setText(event.target.value)} placeholder={t("users.searchPlaceholder")} autoComplete="off" spellCheck={false} />
    </div>
  );
});

export function UsersToolbar({
  search,
  setSearch,
  onSearchText,
  searchDebounceMs,
  searchBoxKey,
  columns,
}: {
  search: UsersSearch;
  setSearch(patch: Partial<UsersSearch>): void;
  /** The search box's debounced text (undefined when empty). */
  onSearchText(q: string | undefined): void;
  searchDebounceMs: number;
  /** Changing it empties the box (remounts it from the URL's text), e.g. after "Clear view". */
  searchBoxKey: number;
  columns: { prefs: ColumnPrefs; toggle(column: UserColumn): void; move(column: UserColumn, by: -1 | 1): void; reset(): void };
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="users-toolbar" role="search" aria-label={t("users.searchRegion")}>
      <SearchBox key={searchBoxKey} q={search.q} onSearch={onSearchText} debounceMs={searchDebounceMs} />
      <div className="field">
        <label htmlFor="users-search-field">{t("users.searchField")}</label>
        <select id="users-search-field" value={search.field ?? "email"} onChange={(event) => setSearch({ field: event.target.value === "email" ? undefined : (event.target.value as "name") })}>
          <option value="email">{t("users.fields.email")}</option>
          <option value="name">{t("users.fields.name")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-search-op">{t("users.searchOperator")}</label>
        <select id="users-search-op" value={search.op ?? "contains"} onChange={(event) => setSearch({ op: event.target.value === "contains" ? undefined : (event.target.value as "starts_with" | "ends_with") })}>
          <option value="contains">{t("users.operators.contains")}</option>
          <option value="starts_with">{t("users.operators.starts_with")}</option>
          <option value="ends_with">{t("users.operators.ends_with")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-filter">{t("users.filter")}</label>
        <select id="users-filter" value={filterOf(search)} onChange={(event) => setSearch(searchForFilter(event.target.value as FilterChoice))}>
          <option value="all">{t("users.filters.all")}</option>
          <option value="banned">{t("users.filters.banned")}</option>
          <option value="notBanned">{t("users.filters.notBanned")}</option>
          <option value="verified">{t("users.filters.verified")}</option>
          <option value="unverified">{t("users.filters.unverified")}</option>
          <option value="locked">{t("users.filters.locked")}</option>
          {ROLE_NAMES.map((role) => (
            <option key={role} value={`role:${role}`}>
              {t("users.filters.role", { role: t(`roles.${role}`, { defaultValue: role }) })}
            </option>
          ))}
        </select>
      </div>
      <div className="users-toolbar-end">
        <ColumnMenu prefs={columns.prefs} labelOf={(c) => t(`columns.${c}`)} onToggle={columns.toggle} onMove={columns.move} onReset={columns.reset} />
      </div>
    </div>
  );
}
