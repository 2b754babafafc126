/** The application menu: standard roles, plus the two places the app's own pages live. */
import type { MenuItemConstructorOptions } from "electron";
import type { LanguageTag } from "../../shared/languages.js";
import { menuTexts } from "./menu-texts.js";

export interface MenuActions {
  go(hash: string): void;
  openDocs(): void;
}

export function buildMenuTemplate(options: { isMac: boolean; isDev: boolean; appName: string; language?: LanguageTag }, actions: MenuActions): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName } = options;
  const words = menuTexts(options.language ?? "en");
  const app: MenuItemConstructorOptions[] = isMac
    ? [{ label: appName, submenu: [{ role: "about" }, { type: "separator" }, { role: "hide" }, { role: "hideOthers" }, { role: "unhide" }, { type: "separator" }, { role: "quit" }] }]
    : [];
  return [
    ...app,
    {
      label: words.file,
      submenu: [
        { label: words.servers, accelerator: "CmdOrCtrl+Shift+S", click: () => actions.go("/welcome") },
        { label: words.localServer, accelerator: "CmdOrCtrl+Shift+L", click: () => actions.go("/server") },
        { type: "separator" },
        isMac ? { role: "close" } : { role: "quit" },
      ],
    },
    { role: "editMenu" },
    {
      label: words.view,
      submenu: [
        { role: "reload" },
        ...(isDev ? ([{ role: "toggleDevTools" }] as MenuItemConstructorOptions[]) : []),
        { type: "separator" },
        { role: "resetZoom" },
        { role: "zoomIn" },
        { role: "zoomOut" },
        { type: "separator" },
        { role: "togglefullscreen" },
      ],
    },
    { role: "windowMenu" },
    { role: "help", submenu: [{ label: words.documentation, click: () => actions.openDocs() }] },
  ];
}
