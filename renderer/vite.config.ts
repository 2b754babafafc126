/** The web console build: served by the server at /console (server/http/console.ts). */
import { defineConfig } from "vite";
import { rendererRoot, sharedRendererConfig } from "./vite.shared.js";

const shared = sharedRendererConfig();

export default defineConfig({
  ...shared,
  root: rendererRoot,
  base: "/console/",
  // The manifest tells the server which chunks each page needs (server/http/console-preload.ts).
  build: { ...shared.build, manifest: true, outDir: new URL("../dist/console", import.meta.url).pathname, emptyOutDir: true },
});
