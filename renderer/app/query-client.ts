/** One QueryClient for the app: sensible retries, and a 401 anywhere means the session is gone. */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorCode, errorStatus } from "../ui/errors";
import { sessionKey } from "./session";

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onAnyError(error) }),
    mutationCache: new MutationCache({ onError: (error) => onAnyError(error) }),
    defaultOptions: {
      // Always ask the server, whatever navigator.onLine says: a server on this machine answers
      // without a network (an offline demo), and one that cannot be reached fails the request, which
      // the offline notice and the page's error state then say, instead of a silently paused
      // query showing stale results (issue 33).
      mutations: { networkMode: "always" },
      queries: {
        networkMode: "always",
        staleTime: 5_000,
        // Client mistakes (4xx) will not fix themselves; network blips might.
        retry: (count, error) => {
          const status = errorStatus(error) ?? 0;
          return status >= 400 && status < 500 ? false : count < 2;
        },
      },
    },
  });
  function onAnyError(error: unknown) {
    // The session ended (revoked, expired, banned): let the signed-in layout send the person to sign-in.
    // Other 401s (a wrong password at sign-in, SESSION_EXPIRED asking for the password again) leave it be.
    if (errorStatus(error) === 401 && (errorCode(error) ?? "UNAUTHORIZED") === "UNAUTHORIZED") client.setQueryData(sessionKey, null);
    // twoFactor.requiredForRoles: this session may only set up two-factor; the account page has the setup.
    if (errorCode(error) === "TWO_FACTOR_SETUP_REQUIRED") sendToTwoFactorSetup();
  }
  return client;
}

function sendToTwoFactorSetup(): void {
  if (typeof window === "undefined" || /\/account\/?$/.test(window.location.pathname)) return;
  const base = window.location.pathname.startsWith("/console") ? "/console" : "";
  window.location.assign(`${base}/account`);
}
