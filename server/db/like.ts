/**
 * Text search that behaves the same on SQLite and PostgreSQL. SQLite's LIKE ignores ASCII case;
 * PostgreSQL's does not. lower() on both sides gives SQLite's meaning on both (SQLite's lower()
 * folds ASCII only, PostgreSQL's folds all of Unicode: a superset, never a surprise miss).
 */
import { sql, type Expression, type SqlBool } from "kysely";

/** `%`, `_` and `\` in user input match literally. */
export function escapeLike(value: string): string {
  return value.replace(/[%_\\]/g, "\\$&");
}

/**
 * `column LIKE pattern`, ignoring case, with `\` as the escape character. The cast lets a filter
 * such as "createdAt contains 17" work on PostgreSQL as it does on SQLite (which compares
 * numbers as their text); on a text column it changes nothing.
 */
export function likeIgnoringCase(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(cast(${column} as text)) like lower(${pattern}) escape '\\'`;
}
