/** What the `db` setting names. Kept apart so light callers need neither SQLite nor pg. */

/** True for `postgres://…` and `postgresql://…` connection URLs; anything else is a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}
