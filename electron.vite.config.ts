/**
 * The desktop build (`npm run build:desktop`): electron-vite builds main (electron/main, plus the
 * local server's process entry from electron/utility), preload (electron/preload) and the
 * renderer into out/main, out/preload and out/renderer. Needs no Electron binary.
 *
 * - main: ESM (the package is "type": "module"), dependencies left external — electron-builder
 *   ships node_modules, and native modules (better-sqlite3, @node-rs/argon2) cannot be bundled.
 * - preload: one CommonJS file with everything inlined: a sandboxed preload cannot load modules
 *   beyond a few of Electron's own.
 * - renderer: the web console's Vite settings (renderer/vite.shared.ts), base "./" so the files
 *   load from the app:// scheme; the router uses hash history when window.latchkey exists.
 */
import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import { rendererRoot, sharedRendererConfig } from "./renderer/vite.shared.js";

const root = import.meta.dirname;
const renderer = sharedRendererConfig();

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, "out/main"),
      externalizeDeps: true,
      sourcemap: true,
      rolldownOptions: {
        input: {
          main: resolve(root, "electron/main/main.ts"),
          "local-server-entry": resolve(root, "electron/utility/local-server-entry.ts"),
        },
        output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, "out/preload"),
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve(root, "electron/preload/preload.ts") },
        output: { format: "cjs", entryFileNames: "[name].cjs", codeSplitting: false },
      },
    },
  },
  renderer: {
    ...renderer,
    root: rendererRoot,
    base: "./",
    build: {
      ...renderer.build,
      outDir: resolve(root, "out/renderer"),
      emptyOutDir: true,
      rolldownOptions: { input: resolve(rendererRoot, "index.html") },
    },
  },
});
