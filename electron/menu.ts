/** The application menu: standard roles, plus the two places the app's own pages live. */
import type { MenuItemConstructorOptions } from "electron";

export interface MenuActions {
  go(hash: string): void;
  openDocs(): void;
}

export function buildMenuTemplate(options: { isMac: boolean; isDev: boolean; appName: string }, actions: MenuActions): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName } = options;
  const app: MenuItemConstructorOptions[] = isMac
    ? [{ label: appName, submenu: [{ role: "about" }, { type: "separator" }, { role: "hide" }, { role: "hideOthers" }, { role: "unhide" }, { type: "separator" }, { role: "quit" }] }]
    : [];
  return [
    ...app,
    {
      label: "&File",
      submenu: [
        { label: "Servers…", accelerator: "CmdOrCtrl+Shift+S", click: () => actions.go("/welcome") },
        { label: "Local Server", accelerator: "CmdOrCtrl+Shift+L", click: () => actions.go("/server") },
        { type: "separator" },
        isMac ? { role: "close" } : { role: "quit" },
      ],
    },
    { role: "editMenu" },
    {
      label: "&View",
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
    { role: "help", submenu: [{ label: "Documentation", click: () => actions.openDocs() }] },
  ];
}
