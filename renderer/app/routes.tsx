/**
 * Every screen's address. Pages load lazily (one chunk per feature page), so the first paint
 * carries only the shell. Search parameters that make a view shareable (the users table's
 * filters, the audit log's) are validated here by the feature's own parser.
 */
import { createRootRouteWithContext, createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { parseAuditSearch } from "../features/audit/audit-search";
import { parseUsersSearch } from "../features/admin/users-search";
// Small modules (query keys and options only): the loaders start the pages' first requests
// without waiting for the pages' code.
import { prefetchUsers } from "../features/admin/users-query";
import { prefetchMembersPage, prefetchOrganization } from "../features/organization/route-queries";
import { NotFoundPage } from "./not-found-page";
import { ServerClockRoot } from "./server-clock-root";
import { SignedInLayout } from "./layout";
import { sessionQuery } from "./session";

export interface RouterContext {
  queryClient: QueryClient;
}

/** A relative in-app path to come back to after signing in; anything else is ignored. */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : undefined;
}

/**
 * Where an OpenID provider request waits for the sign-in (server/features/oauth-provider): the
 * API's own /oauth2/authorize on this origin, loaded as a page (not an in-app route).
 */
function safeOAuthReturn(value: unknown): string | undefined {
  return typeof value === "string" && /^\/(?!\/)[\w./-]*\/oauth2\/authorize\?/.test(value) ? value : undefined;
}

function stringParam(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

const HAND_OFF_KEYS = ["client_id", "state", "code_challenge", "redirect_uri", "handoff"] as const;
type HandOffSearch = { [K in (typeof HAND_OFF_KEYS)[number]]?: string };

/** Only the hand-off keys that are present: ordinary sign-in links stay as they were. */
function handOffSearch(search: Record<string, unknown>): HandOffSearch {
  const found: HandOffSearch = {};
  for (const key of HAND_OFF_KEYS) if (typeof search[key] === "string") found[key] = search[key];
  return found;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: ServerClockRoot,
  notFoundComponent: NotFoundPage,
});

// --- Signed-out pages -----------------------------------------------------------------------

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  // `methods` only comes with reason=second-step (a redirect sign-in held at the second step), so it is optional to links.
  // The desktop hand-off's parameters (client_id, state, code_challenge, redirect_uri, handoff) are
  // optional to links too; the page checks them (features/auth/hand-off-params.ts). `email`
  // prefills the form (an invitation link opened while signed out); optional to links.
  // `return` is always set, to undefined when refused: the router's search merges the address's
  // raw parameters under the validated ones, so a key left out would come through unchecked.
  validateSearch: (search: Record<string, unknown>): { redirect: string | undefined; reason: string | undefined; methods?: string; email?: string; return?: string | undefined } & HandOffSearch => ({
    redirect: safeRedirect(search.redirect),
    return: safeOAuthReturn(search.return),
    reason: stringParam(search.reason),
    ...(typeof search.methods === "string" ? { methods: stringParam(search.methods) } : {}),
    ...(typeof search.email === "string" ? { email: stringParam(search.email) } : {}),
    ...handOffSearch(search),
  }),
  component: lazyRouteComponent(() => import("../features/auth/pages/sign-in-page"), "SignInPage"),
});
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-up",
  // `return`: an app's request waiting on the sign-in (the OpenID provider), carried over from the
  // sign-in page; always set (undefined when refused), as on the sign-in route.
  validateSearch: (search: Record<string, unknown>): { redirect: string | undefined; email?: string; return?: string | undefined } => ({
    redirect: safeRedirect(search.redirect),
    return: safeOAuthReturn(search.return),
    ...(typeof search.email === "string" ? { email: stringParam(search.email) } : {}),
  }),
  component: lazyRouteComponent(() => import("../features/auth/pages/sign-up-page"), "SignUpPage"),
});
const invitationPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invitation/$invitationId",
  component: lazyRouteComponent(() => import("../features/organization/pages/invitation-preview-page"), "InvitationPreviewPage"),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  component: lazyRouteComponent(() => import("../features/auth/pages/forgot-password-page"), "ForgotPasswordPage"),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  validateSearch: (search: Record<string, unknown>) => ({ token: stringParam(search.token), error: stringParam(search.error) }),
  component: lazyRouteComponent(() => import("../features/auth/pages/reset-password-page"), "ResetPasswordPage"),
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/verify-email",
  validateSearch: (search: Record<string, unknown>) => ({ error: stringParam(search.error) }),
  component: lazyRouteComponent(() => import("../features/auth/pages/verify-email-page"), "VerifyEmailPage"),
});
const goodbyeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/goodbye",
  validateSearch: (search: Record<string, unknown>) => ({ error: stringParam(search.error) }),
  component: lazyRouteComponent(() => import("../features/auth/pages/goodbye-page"), "GoodbyePage"),
});
const welcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/welcome",
  component: lazyRouteComponent(() => import("../features/server/pages/welcome-page"), "WelcomePage"),
});

// The OpenID provider's consent page (features/oauth-provider): a signed-in page without the
// console's frame, like sign-in's, since the person is on their way to another app.
const consentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/oauth2/consent",
  validateSearch: (search: Record<string, unknown>): { request?: string } => (typeof search.request === "string" && search.request !== "" ? { request: search.request } : {}),
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: "/sign-in", search: { redirect: location.href, reason: undefined } });
  },
  component: lazyRouteComponent(() => import("../features/oauth-provider/pages/consent-page"), "ConsentPage"),
});

// The device approval page (RFC 8628's verification_uri): signed in first, by any method; the
// sign-in page comes back here with the code still in the address.
const deviceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/device",
  validateSearch: (search: Record<string, unknown>): { user_code?: string } => (typeof search.user_code === "string" && search.user_code !== "" ? { user_code: search.user_code.slice(0, 32) } : {}),
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: "/sign-in", search: { redirect: location.href, reason: undefined } });
  },
  component: lazyRouteComponent(() => import("../features/oauth-provider/pages/device-page"), "DevicePage"),
});

// The provider's sign-out confirmation: no sign-in guard — a browser already signed out gets the
// page's own "nothing to ask" answer, not a sign-in page for a request that cannot be its own.
const endSessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/oauth2/end-session",
  validateSearch: (search: Record<string, unknown>): { request?: string } => (typeof search.request === "string" && search.request !== "" ? { request: search.request } : {}),
  component: lazyRouteComponent(() => import("../features/oauth-provider/pages/end-session-page"), "EndSessionPage"),
});

// --- Signed-in pages ------------------------------------------------------------------------

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "signed-in",
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) {
      // An invitation link opened while signed out names the organization and the inviter first (issue 25).
      const invitation = /\/accept-invitation\/([^/?#]+)$/.exec(location.pathname);
      if (invitation) throw redirect({ to: "/invitation/$invitationId", params: { invitationId: decodeURIComponent(invitation[1]!) } });
      throw redirect({ to: "/sign-in", search: { redirect: location.href, reason: undefined } });
    }
  },
  component: SignedInLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/account" });
  },
});
const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/account",
  component: lazyRouteComponent(() => import("../features/account/pages/account-page"), "AccountPage"),
});
const organizationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/organizations",
  component: lazyRouteComponent(() => import("../features/organization/pages/organizations-page"), "OrganizationsPage"),
});
const organizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/organizations/$organizationId",
  // The layout's organization and role leave while its code loads (same queries as the layout's).
  loader: ({ context, params }) => prefetchOrganization(context.queryClient, params.organizationId),
  component: lazyRouteComponent(() => import("../features/organization/pages/organization-layout"), "OrganizationLayout"),
});
const organizationSettingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/",
  component: lazyRouteComponent(() => import("../features/organization/pages/organization-settings-page"), "OrganizationSettingsPage"),
});
const organizationMembersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/members",
  validateSearch: (search: Record<string, unknown>) => ({ q: stringParam(search.q), page: typeof search.page === "number" && search.page > 0 ? search.page : undefined }),
  // The first page of members leaves beside the layout's queries, not after them.
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page }),
  loader: ({ context, params, deps }) => prefetchMembersPage(context.queryClient, params.organizationId, deps.q ?? "", deps.page ?? 1),
  component: lazyRouteComponent(() => import("../features/organization/pages/members-page"), "MembersPage"),
});
const organizationInvitationsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/invitations",
  component: lazyRouteComponent(() => import("../features/organization/pages/invitations-page"), "InvitationsPage"),
});
const organizationTeamsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/teams",
  component: lazyRouteComponent(() => import("../features/organization/pages/teams-page"), "TeamsPage"),
});
const organizationSsoRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: "/sso",
  component: lazyRouteComponent(() => import("../features/organization/pages/sso-page"), "SsoPage"),
});
const myInvitationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/invitations",
  component: lazyRouteComponent(() => import("../features/organization/pages/my-invitations-page"), "MyInvitationsPage"),
});
const acceptInvitationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/accept-invitation/$invitationId",
  component: lazyRouteComponent(() => import("../features/organization/pages/accept-invitation-page"), "AcceptInvitationPage"),
});
const usersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/users",
  validateSearch: parseUsersSearch,
  // The table's first page leaves while the page's code loads, not after it (same query as the page's).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchUsers(context.queryClient, deps),
  component: lazyRouteComponent(() => import("../features/admin/pages/users-page"), "UsersPage"),
});
const userRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/users/$userId",
  component: lazyRouteComponent(() => import("../features/admin/pages/user-page"), "UserPage"),
});
const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/audit",
  validateSearch: parseAuditSearch,
  component: lazyRouteComponent(() => import("../features/audit/pages/audit-page"), "AuditPage"),
});
const outboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/outbox",
  component: lazyRouteComponent(() => import("../features/outbox/pages/outbox-page"), "OutboxPage"),
});
const webhooksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/webhooks",
  component: lazyRouteComponent(() => import("../features/webhook/pages/webhooks-page"), "WebhooksPage"),
});
const connectedAppsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/connected-apps",
  component: lazyRouteComponent(() => import("../features/oauth-provider/pages/connected-apps-page"), "ConnectedAppsPage"),
});
const applicationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/applications",
  component: lazyRouteComponent(() => import("../features/oauth-provider/pages/applications-page"), "ApplicationsPage"),
});
const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/admin/settings",
  component: lazyRouteComponent(() => import("../features/settings/pages/settings-page"), "SettingsPage"),
});
const serverRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/server",
  component: lazyRouteComponent(() => import("../features/server/pages/server-page"), "ServerPage"),
});

export const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  goodbyeRoute,
  welcomeRoute,
  invitationPreviewRoute,
  consentRoute,
  deviceRoute,
  endSessionRoute,
  signedInRoute.addChildren([
    homeRoute,
    accountRoute,
    organizationsRoute,
    organizationRoute.addChildren([organizationSettingsRoute, organizationMembersRoute, organizationInvitationsRoute, organizationTeamsRoute, organizationSsoRoute]),
    myInvitationsRoute,
    acceptInvitationRoute,
    usersRoute,
    userRoute,
    auditRoute,
    outboxRoute,
    webhooksRoute,
    connectedAppsRoute,
    applicationsRoute,
    settingsRoute,
    serverRoute,
  ]),
]);
