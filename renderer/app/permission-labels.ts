/**
 * Administration permissions in words ("Ban and unban users"), not codes (`user:ban`), in the
 * console's language; an unknown code (a newer server's) is shown as the code.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

export function usePermissionLabel(): (resource: string, action: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (resource: string, action: string) => {
      const key = `permissions.${resource}.${action}`;
      return i18n.exists(key, { ns: "common" }) ? t(key, { ns: "common" }) : `${resource}:${action}`;
    },
    [t, i18n],
  );
}
