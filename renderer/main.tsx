/**
 * Mounts the app. The same bundle runs as the web console (served at /console) and inside the
 * Electron shell, where `window.latchkey` (DesktopApi) is present.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "sonner";
import { createQueryClient } from "./app/query-client";
import { createAppRouter } from "./app/router";
import { applyInitialLanguage } from "./app/language-picker";
import { applyStoredTheme } from "./app/theme";
import { OfflineNotice } from "./app/offline-notice";
import "./i18n";
import "./styles.css";

applyStoredTheme();
// Resolves at once for English; another language's catalogues are fetched before the first render.
await applyInitialLanguage();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById("root");
if (!container) throw new Error("missing #root");
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <OfflineNotice />
      <RouterProvider router={router} />
      <Toaster position="bottom-right" richColors closeButton theme="system" />
    </QueryClientProvider>
  </StrictMode>,
);
