/**
 * The app shell's server calls (account switcher, command palette, impersonation banner, language
 * picker). Like each feature's queries.ts, the only module of its area that uses the client
 * (api.ts); the session itself is in session.ts.
 */
import type { LanguageTag } from "../../shared/languages";
import { api } from "./api";
import { setServerClockOffset } from "../ui/server-clock";

export const listDeviceSessions = () => api.listDeviceSessions();
export const setActiveSession = (sessionToken: string) => api.setActiveSession({ sessionToken });
export const revokeDeviceSession = (sessionToken: string) => api.revokeDeviceSession({ sessionToken });
export const signOut = () => api.signOut({});

/** The palette's user search: the first few emails containing the term. */
export const findUsersByEmail = (term: string) => api.adminListUsers({ searchValue: term, searchField: "email", searchOperator: "contains", limit: 8 });
export const listOrganizations = () => api.listOrganizations();

/** The caller's administration grants as the server's policy computes them (custom roles, adminUserIds). */
export const myAdminPermissions = () => api.adminMyPermissions();

export const stopImpersonating = () => api.adminStopImpersonating();
/** The health answer; its clockOffsetMs (issue 39) becomes the console's idea of the server's now. */
export const serverHealth = () =>
  api.ok().then((ok) => {
    setServerClockOffset(ok.clockOffsetMs ?? 0);
    return ok;
  });

/** The signed-in user's language, so mail reaches them in it. */
export const saveLanguage = (language: LanguageTag) => api.updateUser({ language });
