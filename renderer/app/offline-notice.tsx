/**
 * A notice across the top while the server cannot be reached (issue 33): without it, a search
 * made offline kept showing the previous results as if they were the answer. When the connection
 * comes back, what failed meanwhile is asked again, as the notice promised.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useConnection } from "./connection";

export function OfflineNotice() {
  const { t } = useTranslation();
  const connection = useConnection();
  const queryClient = useQueryClient();
  const previous = useRef(connection);

  useEffect(() => {
    const retryFailed = () => void queryClient.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
    // Back from offline or from an unreachable server: the pages' failed requests go again.
    if (previous.current !== "ok" && connection !== "offline") retryFailed();
    previous.current = connection;
  }, [connection, queryClient]);

  return (
    // Always in the page, so screen readers announce the change when the text appears.
    <div className="offline-notice" role="status">
      {connection === "offline" ? t("connection.offline") : connection === "unreachable" ? t("connection.unreachable") : null}
    </div>
  );
}
