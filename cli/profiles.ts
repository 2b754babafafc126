/**
 * Named credential profiles in the user's config directory ($XDG_CONFIG_HOME/latchkey or
 * ~/.config/latchkey). The file holds bearer tokens, so it is written with mode 0600 inside a
 * 0700 directory, and rewritten atomically (temp file + rename) so a crash never truncates it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CliError, EXIT } from "./exit-codes.js";
import { text } from "./i18n/index.js";

export interface Profile {
  url: string;
  token?: string;
  email?: string;
  userId?: string;
  /** Organization chosen with `auth org use` (also set on the server session). */
  organizationId?: string;
  /** An impersonation's profile: the administrator acting (for `whoami`, which cannot look them up). */
  impersonator?: { id: string; email: string };
  savedAt?: string;
}

export interface ProfileFile {
  current?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = "default";

export function configDir(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "latchkey");
}

export function profilesPath(): string {
  return join(configDir(), "profiles.json");
}

export function loadProfiles(): ProfileFile {
  const path = profilesPath();
  if (!existsSync(path)) return { profiles: {} };
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as ProfileFile;
    return { current: parsed.current, profiles: parsed.profiles ?? {} };
  } catch (error) {
    throw new CliError(text("checks", "profilesUnreadable", { file: path, reason: (error as Error).message }), EXIT.FAILURE);
  }
}

export function saveProfiles(file: ProfileFile): void {
  const dir = configDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = profilesPath();
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(file, null, 2) + "\n", { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** The profile name in force: --profile, then AUTH_PROFILE, then the one chosen with `profile use`. */
export function profileName(flag?: string, file?: ProfileFile): string {
  return flag || process.env.AUTH_PROFILE || file?.current || DEFAULT_PROFILE;
}

export function updateProfile(name: string, change: (profile: Profile | undefined) => Profile | undefined, makeCurrent = false): ProfileFile {
  const file = loadProfiles();
  const next = change(file.profiles[name]);
  if (next) file.profiles[name] = next;
  else delete file.profiles[name];
  if (makeCurrent && next) file.current = name;
  if (file.current && !file.profiles[file.current]) file.current = undefined;
  saveProfiles(file);
  return file;
}
