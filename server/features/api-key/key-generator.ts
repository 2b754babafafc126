/**
 * Key material: letters only (A-Z, a-z), as better-auth's default generator, so a key is easy to
 * paste and never needs quoting in a shell. 64 letters carry about 365 bits.
 */
import { randomBytes } from "node:crypto";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Rejection sampling (bytes ≥ 208 are dropped) keeps all 52 letters equally likely. */
export function randomLetters(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 208) out += LETTERS[byte % 52];
      if (out.length === length) break;
    }
  }
  return out;
}
