/** Settings changed at run time (server/features/settings, docs/settings.md). */
export const settingsErrors = {
  YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS: { status: 403, message: "You are not allowed to read the server's settings" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS: { status: 403, message: "You are not allowed to change the server's settings" },
  UNKNOWN_SETTING: { status: 400, message: "There is no such setting, or it cannot be changed while the server runs" },
  SETTING_LOCKED: { status: 409, message: "This setting is set in the server's configuration (file, environment or flags), which wins; change it there" },
  INVALID_SETTING_VALUE: { status: 400, message: "That value is not valid for this setting" },
  SETTING_WOULD_LOCK_YOU_OUT: { status: 409, message: "Your own account would have to set up two-factor authentication before anything else, this page included: set up a second factor first" },
  DEV_MODE_ONLY: { status: 404, message: "Only a development server (auth server start --dev) lets its clock be moved" },
  SETTINGS_NOT_ALLOWED_WHILE_IMPERSONATING: { status: 403, message: "Server settings cannot be changed while impersonating; stop impersonating first" },
} as const;
