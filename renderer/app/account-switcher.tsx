/**
 * The multi-session account switcher: every account signed in on this browser, switch with one
 * click, add another, sign out of one or all. In the desktop app main keeps the accounts (one
 * session each) and answers the same multi-session calls (electron/main/account-routes.ts).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Menu, MenuItem, MenuLabel, MenuSeparator } from "../ui/menu";
import { listDeviceSessions, revokeDeviceSession, setActiveSession, signOut as signOutHere } from "./queries";
import { desktop } from "./desktop";
import { toastError } from "../ui/errors";
import { useResetAfterSessionChange, useSession } from "./session";

export const deviceSessionsKey = ["device-sessions"] as const;

export function AccountSwitcher() {
  const { t } = useTranslation();
  const { data: current } = useSession();
  const navigate = useNavigate();
  const reset = useResetAfterSessionChange();
  const sessions = useQuery({ queryKey: deviceSessionsKey, queryFn: listDeviceSessions, enabled: Boolean(current) });
  const switchTo = useMutation({
    mutationFn: setActiveSession,
    onSuccess: async () => {
      await reset();
      await navigate({ to: "/account" });
    },
    onError: toastError,
  });
  const signOut = useMutation({
    mutationFn: async (scope: "current" | "all") => {
      if (scope === "current" && current && (sessions.data?.length ?? 0) > 1) {
        // Ending only this account: the browser's next session becomes active.
        await revokeDeviceSession(sessions.data?.find((s) => s.user.id === current.user.id)?.session.token ?? "");
      } else {
        await signOutHere();
        await desktop?.forgetCredential();
      }
      return scope;
    },
    onSuccess: async (scope) => {
      // A chosen sign-out is not "your session ended": go to sign-in without that notice.
      const signedOutCompletely = scope === "all" || (sessions.data?.length ?? 0) <= 1;
      if (signedOutCompletely) await navigate({ to: "/sign-in", search: { redirect: undefined, reason: undefined } });
      await reset();
    },
    onError: toastError,
  });
  if (!current) return null;
  const others = (sessions.data ?? []).filter((entry) => entry.user.id !== current.user.id);
  return (
    <Menu
      // The visible email is inside the name (WCAG 2.5.3): "Signed-in accounts: sam@example.com".
      label={`${t("switcher.label")}: ${current.user.email}`}
      trigger={
        <button type="button" className="button button-ghost account-button">
          {/* The initial is drawn by CSS (attr), not text: as text it would count as visible words missing from the name. */}
          <span className="avatar" aria-hidden="true" data-initial={(current.user.name || current.user.email).slice(0, 1).toUpperCase()} />
          <span className="account-button-email">{current.user.email}</span>
        </button>
      }
    >
      <MenuLabel>{t("switcher.current")}</MenuLabel>
      <MenuItem onSelect={() => void navigate({ to: "/account" })}>
        {/* The address moves to a line of its own rather than breaking inside (#33, item 5). */}
        {current.user.name} · <span className="menu-email">{current.user.email}</span>
      </MenuItem>
      {others.length > 0 ? <MenuSeparator /> : null}
      {others.map((entry) => (
        <MenuItem key={entry.session.id} onSelect={() => switchTo.mutate(entry.session.token)}>
          {t("switcher.switchTo", { email: entry.user.email })}
        </MenuItem>
      ))}
      <MenuSeparator />
      <MenuItem onSelect={() => void navigate({ to: "/sign-in", search: { redirect: undefined, reason: "add-account" } })}>{t("switcher.addAccount")}</MenuItem>
      <MenuItem onSelect={() => signOut.mutate("current")}>{t("switcher.signOut")}</MenuItem>
      {others.length > 0 ? (
        <MenuItem destructive onSelect={() => signOut.mutate("all")}>
          {t("switcher.signOutAll")}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
