/** Column types both SQLite and PostgreSQL accept with the same meaning. */
// Milliseconds since the epoch overflow a 32-bit integer, so bigint (SQLite: integer affinity).
export const millis = "bigint" as const;
