/** Secrets read back later are sealed with AES-256-GCM (server/crypto/encrypt.ts). */
import { describe, expect, it } from "vitest";
import { open, seal } from "../../../server/crypto/encrypt.js";

const SECRET = "test-secret-test-secret-test-secret-42";

describe("seal and open", () => {
  it("opens what it sealed, only for the same purpose and secret", () => {
    const sealed = seal("totp-seed", SECRET, "two-factor");
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(open(sealed, SECRET, "two-factor")).toBe("totp-seed");
    expect(open(sealed, SECRET, "provider-token")).toBeNull();
    expect(open(sealed, "another-secret-another-secret-another", "two-factor")).toBeNull();
  });

  it("refuses a value whose tag was cut short, even to a prefix of the right tag", () => {
    const sealed = seal("signing key", SECRET, "jwt");
    const [version, iv, body, tag] = sealed.split(".");
    const shortTag = Buffer.from(tag!, "base64url").subarray(0, 4).toString("base64url");
    expect(open([version, iv, body, shortTag].join("."), SECRET, "jwt")).toBeNull();
  });

  it("refuses a value with one ciphertext byte changed", () => {
    const sealed = seal("signing key", SECRET, "jwt");
    const [version, iv, body, tag] = sealed.split(".");
    const bytes = Buffer.from(body!, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    expect(open([version, iv, bytes.toString("base64url"), tag].join("."), SECRET, "jwt")).toBeNull();
  });
});
