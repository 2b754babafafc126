/** The roles an administrator can give: the built-in admin table (custom roles come with server config). */
import type { TFunction } from "i18next";
import { adminRoles } from "../../../shared/permissions";

export const ROLE_NAMES: string[] = Object.keys(adminRoles);

/**
 * A role value in words: each role of a combined value ("admin,user", as better-auth stores
 * several) by its own name, listed the language's way ("Administrator and User"), never the raw
 * value (issue 33).
 */
export function roleName(t: TFunction<"admin">, language: string, value: string): string {
  const names = value
    .split(",")
    .map((role) => role.trim())
    .filter(Boolean)
    .map((role) => t(`roles.${role}`, { defaultValue: role }));
  return new Intl.ListFormat(language, { type: "conjunction" }).format(names);
}
