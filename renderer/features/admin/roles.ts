/** The roles an administrator can give: the built-in admin table (custom roles come with server config). */
import { adminRoles } from "../../../shared/permissions";

export const ROLE_NAMES: string[] = Object.keys(adminRoles);
