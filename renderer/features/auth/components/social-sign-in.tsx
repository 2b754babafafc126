/**
 * Social sign-in: one button per provider the server has configured (GET /providers), above the
 * form, with an "or" divider. A click asks the server for the provider's URL and sends the whole
 * page there (the provider's pages cannot live in a frame); the server brings the browser back
 * to `callbackURL`, or to the sign-in page with `?error=` (shown here). In the desktop app the
 * window belongs to the app, not to a provider's login page, so no buttons are offered there.
 *
 * Its server calls are in the auth queries module; the account page's link buttons use the same
 * hooks, so they share the provider list and its cache.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/button";
import { FormError } from "../../../ui/form-error";
import { useSocialProviders, useStartSocial, type SocialProvider } from "../queries";

/** The `?error=` a provider round trip came back with, if any (read once from the address). */
export function useReturnedSocialError(): string | null {
  // A failed magic link comes back with `reason=link-failed&error=…`: the passwordless slot says that one.
  const [error] = useState(() => {
    if (typeof window === "undefined") return null;
    const search = new URLSearchParams(window.location.search);
    return search.get("reason") === "link-failed" ? null : search.get("error");
  });
  return error;
}

export function SocialSignIn({ providers, onSelect, busyProvider }: { providers: readonly SocialProvider[]; onSelect(provider: SocialProvider): void; busyProvider?: string | undefined }) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  return (
    <div className="stack social-sign-in">
      <ul className="social-list" aria-label={t("social.label")}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button className="social-button" onClick={() => onSelect(provider)} busy={busyProvider === provider.id}>
              {t("social.continueWith", { name: provider.name })}
            </Button>
          </li>
        ))}
      </ul>
      <p className="divider" role="separator">
        <span>{t("social.or")}</span>
      </p>
    </div>
  );
}

/**
 * The sign-in page's slot: configured providers, the round trip, and an error it came back with.
 * `returnTo` is an in-app path; `oauthReturn`, when an app's request waits on this sign-in (the
 * OpenID provider's /oauth2/authorize, checked by the route), wins: the provider's round trip ends
 * there, and a failed one comes back to this page still carrying it.
 */
export function ConfiguredSocialSignIn({ returnTo, oauthReturn }: { returnTo: string; oauthReturn?: string | undefined }) {
  const { t } = useTranslation("auth");
  const providers = useSocialProviders();
  const start = useStartSocial();
  const returned = useReturnedSocialError();
  const [busy, setBusy] = useState<string>();
  return (
    <>
      {returned ? <FormError>{t("social.failed", { code: returned })}</FormError> : null}
      <FormError error={start.error} />
      <SocialSignIn
        providers={providers.data ?? []}
        busyProvider={busy}
        onSelect={(provider) => {
          setBusy(provider.id);
          start.mutate(
            oauthReturn
              ? { provider: provider.id, callbackURL: oauthReturn, errorCallbackURL: `/console/sign-in?${new URLSearchParams({ return: oauthReturn }).toString()}` }
              : { provider: provider.id, callbackURL: `/console${returnTo}`, errorCallbackURL: "/console/sign-in" },
            { onError: () => setBusy(undefined) },
          );
        }}
      />
    </>
  );
}
