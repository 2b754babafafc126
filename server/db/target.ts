/** What the `db` setting names. Kept apart so light callers need neither SQLite nor pg. */

/** True for `postgres://…` and `postgresql://…` connection URLs; anything else is a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** The target as safe to print: a URL's password is replaced by `***` (start-up lines reach logs). */
export function displayTarget(target: string): string {
  if (!isPostgresUrl(target)) return target;
  try {
    const url = new URL(target);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(PostgreSQL URL)";
  }
}

/** The configured database cannot be reached; the message names it (password masked). */
export class DatabaseUnreachableError extends Error {}
