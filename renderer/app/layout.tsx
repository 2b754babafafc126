/**
 * The signed-in frame: skip link, header (palette, account switcher), navigation filtered by the
 * shared permission checker, the impersonation banner, and the page. When the session ends
 * while the window is open (sign-out elsewhere, revocation, a ban), it returns to sign-in.
 */
import { Link, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountSwitcher } from "./account-switcher";
import { CommandPalette } from "./command-palette";
import { desktop, isDesktop } from "./desktop";
import { ImpersonationBanner } from "./impersonation-banner";
import { ClockBanner } from "./clock-banner";
import { LanguagePicker, useUserLanguage } from "./language-picker";
import { useAdminCan } from "./permissions";
import { useSession } from "./session";
import { ThemeMenu } from "./theme";
import { toastError } from "../ui/errors";

/**
 * The manual the server serves at /docs (issue 33): a page of its own, outside the console. In the
 * desktop app it is the active server's manual, opened in the system browser like other outside pages.
 */
function DocumentationLink() {
  const { t } = useTranslation();
  const shell = desktop;
  if (!shell) return <a href="/docs/">{t("nav.docs")}</a>;
  return (
    <a
      href="/docs/"
      onClick={(event) => {
        event.preventDefault();
        shell
          .activeServer()
          .then((server) => (server ? shell.openExternal(`${server.url}/docs/`) : undefined))
          .catch(toastError);
      }}
    >
      {t("nav.docs")}
    </a>
  );
}

export function SignedInLayout() {
  const { t } = useTranslation();
  const { data: session, isFetched } = useSession();
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  const canListUsers = useAdminCan({ user: ["list"] });
  const canReadAudit = useAdminCan({ audit: ["list"] });
  const canReadApps = useAdminCan({ oauthClient: ["read"] });
  const canReadWebhooks = useAdminCan({ webhook: ["read"] });
  const canReadSettings = useAdminCan({ settings: ["read"] });
  // On a narrow screen the sidebar is a menu behind a button; any navigation closes it.
  const [navOpen, setNavOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => setNavOpen(false), [pathname]);
  useUserLanguage();

  useEffect(() => {
    // The layout stays mounted while sign-in loads; by then `href` is sign-in's own: don't nest it.
    if (isFetched && session === null && !href.startsWith("/sign-in")) void navigate({ to: "/sign-in", search: { redirect: href, reason: "signed-out" } });
  }, [isFetched, session, navigate, href]);

  if (!session) return null;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <ClockBanner />
      <ImpersonationBanner />
      <header className="topbar">
        <div className="topbar-start">
          <button type="button" className="button button-ghost nav-toggle" aria-expanded={navOpen} aria-controls="main-nav" onClick={() => setNavOpen((open) => !open)}>
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M2 4h12M2 8h12M2 12h12" />
            </svg>
            {t("nav.menu")}
          </button>
          <Link to="/account" className="brand">
            {t("appName")}
          </Link>
        </div>
        <div className="topbar-actions">
          <CommandPalette />
          <LanguagePicker />
          <ThemeMenu />
          <AccountSwitcher />
        </div>
      </header>
      <div className="frame">
        <nav id="main-nav" className="sidebar" data-open={navOpen} aria-label={t("nav.label")}>
          <ul>
            <li>
              <Link to="/account" activeProps={{ "aria-current": "page" }}>
                {t("nav.account")}
              </Link>
            </li>
            <li>
              <Link to="/connected-apps" activeProps={{ "aria-current": "page" }}>
                {t("nav.connectedApps", { ns: "oauth-provider" })}
              </Link>
            </li>
            <li>
              <Link to="/organizations" activeProps={{ "aria-current": "page" }}>
                {t("nav.organizations")}
              </Link>
            </li>
            <li>
              <Link to="/invitations" activeProps={{ "aria-current": "page" }}>
                {t("nav.invitations")}
              </Link>
            </li>
          </ul>
          {canListUsers || canReadAudit || canReadApps || canReadSettings || canReadWebhooks ? (
            <>
              <p className="sidebar-heading">{t("nav.administration")}</p>
              <ul>
                {canListUsers ? (
                  <li>
                    <Link to="/admin/users" activeProps={{ "aria-current": "page" }}>
                      {t("nav.users")}
                    </Link>
                  </li>
                ) : null}
                {canReadAudit ? (
                  <li>
                    <Link to="/admin/audit" activeProps={{ "aria-current": "page" }}>
                      {t("nav.audit")}
                    </Link>
                  </li>
                ) : null}
                {canListUsers ? (
                  <li>
                    <Link to="/admin/outbox" activeProps={{ "aria-current": "page" }}>
                      {t("nav.outbox")}
                    </Link>
                  </li>
                ) : null}
                {canReadWebhooks ? (
                  <li>
                    <Link to="/admin/webhooks" activeProps={{ "aria-current": "page" }}>
                      {t("nav", { ns: "webhook" })}
                    </Link>
                  </li>
                ) : null}
                {canReadApps ? (
                  <li>
                    <Link to="/admin/applications" activeProps={{ "aria-current": "page" }}>
                      {t("nav.applications", { ns: "oauth-provider" })}
                    </Link>
                  </li>
                ) : null}
                {canReadSettings ? (
                  <li>
                    <Link to="/admin/settings" activeProps={{ "aria-current": "page" }}>
                      {t("nav", { ns: "settings" })}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </>
          ) : null}
          {isDesktop || canReadAudit ? (
            <ul>
              <li>
                <Link to="/server" activeProps={{ "aria-current": "page" }}>
                  {isDesktop ? t("nav.server") : t("nav.serverWeb")}
                </Link>
              </li>
            </ul>
          ) : null}
          <ul>
            <li>
              <DocumentationLink />
            </li>
          </ul>
        </nav>
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
