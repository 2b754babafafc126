/** Settings changed at run time (server/features/settings, docs/settings.md). */
export const settingsErrors = {
  YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS: { status: 403, message: "You are not allowed to read the server's settings" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS: { status: 403, message: "You are not allowed to change the server's settings" },
  UNKNOWN_SETTING: { status: 400, message: "There is no such setting, or it cannot be changed while the server runs" },
  SETTING_LOCKED: { status: 409, message: "This setting is set in the server's configuration (file, environment or flags), which wins; change it there" },
  INVALID_SETTING_VALUE: { status: 400, message: "That value is not valid for this setting" },
  SETTING_WOULD_LOCK_YOU_OUT: { status: 409, message: "Your own account would have to set up two-factor authentication before anything else, this page included: set up a second factor first" },
  DEV_MODE_ONLY: { status: 404, message: "Only a development server (auth server start --dev) lets its clock be moved" },
  DEMO_DATA_LOCAL_ONLY: { status: 404, message: "Demo data is offered only by a local server (auth server start --dev, or the desktop app's) to a browser on the same machine" },
  DEMO_SEED_WOULD_REMOVE_YOU: { status: 409, message: "Seeding this scenario replaces its own accounts, and yours is one of them: sign in with another administrator, or seed from the command line" },
  SNAPSHOT_NEEDS_CONFIG_FILE: { status: 409, message: "On PostgreSQL the console keeps snapshots beside the server's config file: start the server with --config FILE, or use auth server snapshot --dir" },
  SNAPSHOT_EXISTS: { status: 409, message: "A snapshot of that name exists already: choose to replace it, or give another name" },
  SETTINGS_NOT_ALLOWED_WHILE_IMPERSONATING: { status: 403, message: "Server settings cannot be changed while impersonating; stop impersonating first" },
} as const;
