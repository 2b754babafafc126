/**
 * `auth server rotate-secret` (issue 26): every value sealed under a previous secret
 * (AUTH_PREVIOUS_SECRETS) is sealed again under AUTH_SECRET — TOTP seeds, backup codes, JWT
 * signing keys, provider tokens, outbox mail — in batches, each batch in one transaction, while servers keep
 * running (they open either secret). The key-check value is written last, so an interrupted
 * rotation is simply run again.
 *
 * Keyed hashes (backup codes stored before they were sealed, known-device tags) cannot be
 * recomputed without their plaintext: they keep matching while the old secret stays in
 * AUTH_PREVIOUS_SECRETS (docs/operations.md).
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/database.js";
import { openSealed, rememberPreviousSecrets, seal } from "../crypto/encrypt.js";
import { PURPOSE as PROVIDER_TOKEN } from "../features/social/sealed-tokens.js";
import { SSO_SECRET_PURPOSE } from "../features/sso/secret.js";
import { PURPOSE as JWKS_PRIVATE_KEY } from "../core/signing-keys/keys.js";
import { SEAL_PURPOSE as TOTP_SEED } from "../features/two-factor/totp.js";
import { BACKUP_CODES_PURPOSE as BACKUP_CODES } from "../features/two-factor/backup-codes.js";
import { OUTBOX_PURPOSE } from "../mail/outbox.js";
import { WEBHOOK_SECRET_PURPOSE } from "../webhook/secret.js";
import { readKeyCheck, SecretMismatchError, statusOf, writeKeyCheck } from "../key-check.js";

const BATCH = 500;

interface Target {
  table: string;
  /** Sealed columns and the purpose each was sealed for. */
  columns: Record<string, string>;
}

const TARGETS: Target[] = [
  { table: "twoFactor", columns: { secret: TOTP_SEED, backupCodes: BACKUP_CODES } },
  { table: "jwks", columns: { privateKey: JWKS_PRIVATE_KEY } },
  { table: "account", columns: { accessToken: PROVIDER_TOKEN, refreshToken: PROVIDER_TOKEN, idToken: PROVIDER_TOKEN } },
  { table: "outbox", columns: { sealed: OUTBOX_PURPOSE } },
  { table: "webhookEndpoint", columns: { secretSealed: WEBHOOK_SECRET_PURPOSE, previousSecretSealed: WEBHOOK_SECRET_PURPOSE } },
  { table: "ssoProvider", columns: { clientSecret: SSO_SECRET_PURPOSE } },
];

export interface TableCounts {
  /** Rows read. */
  rows: number;
  /** Values sealed again under the current secret. */
  resealed: number;
  /** Values that open under no configured secret (altered, or sealed with a secret not given): left as they are. */
  unreadable: number;
}

export interface RotationProgress {
  table: string;
  done: number;
  total: number;
}

export interface RotationResult {
  tables: Record<string, TableCounts>;
  keyCheck: "written";
}

export async function rotateSecret(db: DB, secret: string, previous: readonly string[], now: () => number, onProgress?: (progress: RotationProgress) => void): Promise<RotationResult> {
  if (statusOf(await readKeyCheck(db), secret, previous) === "mismatch") throw new SecretMismatchError();
  rememberPreviousSecrets(secret, previous);
  const any = db as unknown as Kysely<Record<string, Record<string, string | null>>>;
  const tables: Record<string, TableCounts> = {};
  for (const target of TARGETS) {
    const counts: TableCounts = { rows: 0, resealed: 0, unreadable: 0 };
    tables[target.table] = counts;
    const { total } = (await any.selectFrom(target.table).select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow()) as { total: string | number };
    onProgress?.({ table: target.table, done: 0, total: Number(total) });
    let after = "";
    for (;;) {
      const rows = await any
        .selectFrom(target.table)
        .select(["id", ...Object.keys(target.columns)])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (!rows.length) break;
      await any.transaction().execute(async (trx) => {
        for (const row of rows) {
          const changes: Record<string, string> = {};
          for (const [column, purpose] of Object.entries(target.columns)) {
            const value = row[column];
            // Not sealed (null, or backup codes kept as keyed hashes from before): nothing to do.
            if (!value || !value.startsWith("v1.")) continue;
            const opened = openSealed(value, secret, purpose);
            if (!opened) counts.unreadable++;
            else if (opened.stale) changes[column] = seal(opened.plain, secret, purpose);
          }
          if (Object.keys(changes).length) {
            // Only if unchanged since it was read: a server may have re-sealed it (or the provider's refresh replaced it) meanwhile.
            let update = trx.updateTable(target.table).set(changes).where("id", "=", row.id!);
            for (const column of Object.keys(changes)) update = update.where(column, "=", row[column]!);
            await update.execute();
            counts.resealed += Object.keys(changes).length;
          }
        }
      });
      counts.rows += rows.length;
      after = rows[rows.length - 1]!.id!;
      onProgress?.({ table: target.table, done: counts.rows, total: Number(total) });
    }
  }
  await writeKeyCheck(db, secret, now());
  return { tables, keyCheck: "written" };
}
