/** The web console build: served by the server at /console (server/http/console.ts). */
import { defineConfig } from "vite";
import { rendererRoot, sharedRendererConfig } from "./vite.shared.js";

const shared = sharedRendererConfig();

export default defineConfig({
  ...shared,
  root: rendererRoot,
  base: "/console/",
  build: { ...shared.build, outDir: new URL("../dist/console", import.meta.url).pathname, emptyOutDir: true },
});
