/**
 * Password hashing. New hashes are argon2id (OWASP baseline m=19 MiB, t=2, p=1 by default).
 * Hashes imported from better-auth (scrypt, `saltHex:keyHex`) still verify and are upgraded to
 * argon2id at the next successful sign-in. All hashing runs on the low-priority worker pool
 * (hash-pool.ts), never on the event loop.
 */
import { createHashPool, type HashPool } from "./hash-pool.js";

export interface PasswordParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** True when `stored` is not argon2id with the current parameters. */
  needsRehash(stored: string): boolean;
  /**
   * Throws HashQueueFullError (answered 503 SERVER_BUSY) when the hashing queue is full, so a flow
   * that writes before it hashes (the lockout count) can refuse first and change nothing.
   */
  assertRoom(): void;
  /** Spend one hash's worth of time, so an unknown email costs what a known one does. */
  burn(password: string): Promise<void>;
  close(): Promise<void>;
}

// better-auth's scrypt output is 64 bytes, hex-encoded; its salt is the hex string itself.
const SCRYPT_KEY_HEX_LENGTH = 128;

export function createPasswordHasher(params: PasswordParams, pool: HashPool = createHashPool()): PasswordHasher {
  const options = { memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: params.parallelism };
  const currentPrefix = `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`;
  let dummyHash: Promise<string> | undefined;

  const hasher: PasswordHasher = {
    hash: (password) => pool.run<string>({ op: "argon2-hash", password: password.normalize("NFKC"), options }),
    async verify(stored, password) {
      const normalized = password.normalize("NFKC");
      if (stored.startsWith("$argon2")) return pool.run<boolean>({ op: "argon2-verify", hash: stored, password: normalized });
      const match = /^([0-9a-f]+):([0-9a-f]+)$/i.exec(stored);
      if (match && (match[2] as string).length === SCRYPT_KEY_HEX_LENGTH) {
        return pool.run<boolean>({ op: "scrypt-verify", salt: match[1] as string, keyHex: match[2] as string, password: normalized });
      }
      return false;
    },
    needsRehash: (stored) => !stored.startsWith(currentPrefix),
    assertRoom: () => pool.assertRoom("argon2-verify"),
    async burn(password) {
      // A refused first hash (queue full, HashQueueFullError) must not stay cached: every later
      // unknown-email sign-in would fail with it.
      dummyHash ??= hasher.hash("latchkey-timing-equaliser").catch((error: unknown) => {
        dummyHash = undefined;
        throw error;
      });
      await hasher.verify(await dummyHash, password);
    },
    close: () => pool.close(),
  };
  return hasher;
}
