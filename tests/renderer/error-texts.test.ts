/** The console shows words, not codes: every catalogue code has an English text for people. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../shared/errors.js";

const texts = JSON.parse(readFileSync(new URL("../../i18n/en/errors.json", import.meta.url), "utf8")) as Record<string, string>;

describe("the console's error texts", () => {
  it("cover every code in the error catalogue", () => {
    const missing = Object.keys(ERRORS).filter((code) => !Object.hasOwn(texts, code));
    expect(missing).toEqual([]);
  });

  it("name no code the catalogue does not have (besides the client's network error)", () => {
    const unknown = Object.keys(texts).filter((code) => !Object.hasOwn(ERRORS, code) && code !== "NETWORK_ERROR");
    expect(unknown).toEqual([]);
  });

  it("are sentences for people, never a bare code", () => {
    for (const [code, text] of Object.entries(texts)) {
      expect(text, code).not.toMatch(/^[A-Z_]+$/);
      expect(text, code).toMatch(/[.!?]$/);
    }
  });
});
