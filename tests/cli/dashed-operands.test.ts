import { describe, expect, it } from "vitest";
import { protectDashedOperands } from "../../cli/dashed-operands.js";

const handle = "-kn9Rj9TtmVdKfo6NP20OFq_rDeaR9tNQ0Vhb4-z-Wo";

describe("protectDashedOperands", () => {
  it("moves a long dashed handle behind --, keeping the options in front", () => {
    expect(protectDashedOperands(["node", "auth", "sessions", "revoke", handle, "--yes"])).toEqual(["node", "auth", "sessions", "revoke", "--yes", "--", handle]);
  });

  it("leaves short options, option values and an existing -- alone", () => {
    const plain = ["node", "auth", "sessions", "list", "-h"];
    expect(protectDashedOperands(plain)).toBe(plain);
    const asValue = ["node", "auth", "login", "--token", handle];
    expect(protectDashedOperands(asValue)).toBe(asValue);
    expect(protectDashedOperands(["node", "auth", "sessions", "revoke", handle, "--", "x"])).toEqual(["node", "auth", "sessions", "revoke", "--", handle, "x"]);
  });
});
