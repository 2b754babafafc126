/**
 * Password hashing. New hashes are argon2id (OWASP baseline m=19 MiB, t=2, p=1 by default).
 * Hashes imported from better-auth (scrypt, `saltHex:keyHex`) still verify and are upgraded to
 * argon2id at the next successful sign-in. All hashing runs on the libuv thread pool, never on
 * the event loop, and at most one hash per core runs at once so sessions stay fast during a
 * sign-in storm.
 */
import { scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { Algorithm, hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { createLimiter } from "./limiter.js";

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
  /** Spend one hash's worth of time, so an unknown email costs what a known one does. */
  burn(password: string): Promise<void>;
}

// better-auth's scrypt parameters: N=16384, r=16, p=1, 64-byte key; needs 128·N·r = 32 MiB.
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };
const SCRYPT_KEY_LENGTH = 64;

export function createPasswordHasher(params: PasswordParams): PasswordHasher {
  const limit = createLimiter(Math.max(1, availableParallelism()));
  const options = {
    algorithm: Algorithm.Argon2id,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  };
  const currentPrefix = `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`;
  let dummyHash: Promise<string> | undefined;

  const hasher: PasswordHasher = {
    hash: (password) => limit(() => argonHash(password.normalize("NFKC"), options)),
    async verify(stored, password) {
      const normalized = password.normalize("NFKC");
      if (stored.startsWith("$argon2")) {
        return limit(() => argonVerify(stored, normalized).catch(() => false));
      }
      if (/^[0-9a-f]+:[0-9a-f]+$/i.test(stored)) return limit(() => verifyScrypt(stored, normalized));
      return false;
    },
    needsRehash: (stored) => !stored.startsWith(currentPrefix),
    async burn(password) {
      dummyHash ??= hasher.hash("latchkey-timing-equaliser");
      await hasher.verify(await dummyHash, password);
    },
  };
  return hasher;
}

/** better-auth's format: the salt is the hex string itself (its UTF-8 bytes), the key is hex. */
function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const [salt, keyHex] = stored.split(":") as [string, string];
  const expected = Buffer.from(keyHex, "hex");
  if (expected.length !== SCRYPT_KEY_LENGTH) return Promise.resolve(false);
  return new Promise((resolve) => {
    scryptCallback(password, salt, SCRYPT_KEY_LENGTH, SCRYPT, (error, derived) => {
      if (error) return resolve(false);
      resolve(timingSafeEqual(derived, expected));
    });
  });
}
