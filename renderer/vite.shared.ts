/** Vite settings shared by the web console build (vite.config.ts) and the Electron build (electron.vite.config.ts). */
import react from "@vitejs/plugin-react";
import type { UserConfig } from "vite";

export const rendererRoot = new URL(".", import.meta.url).pathname;

export function sharedRendererConfig(): UserConfig {
  return {
    plugins: [react()],
    build: {
      target: "es2022",
      // Budget: the console's first JavaScript stays under 250 KB gzipped (bench/console.ts checks it).
      chunkSizeWarningLimit: 600,
      sourcemap: false,
    },
  };
}
