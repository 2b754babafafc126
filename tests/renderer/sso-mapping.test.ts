/**
 * The SSO provider form's free-text fields (renderer/features/organization/sso-mapping.ts): a role
 * table of `value=role` lines (never owner, values may hold spaces and "="), scopes as RFC 6749
 * tokens with openid among them, and the table shown back as the form's lines.
 */
import { describe, expect, it } from "vitest";
import { formatRoleMap, parseRoleMap, parseScopes } from "../../renderer/features/organization/sso-mapping.js";

describe("parseRoleMap", () => {
  it("reads value=role lines, skipping blank ones; the last '=' splits, so a value may hold one", () => {
    expect(parseRoleMap("IdP Admins=admin\n\n  staff = member \nrole=lead=admin")).toEqual({ "IdP Admins": "admin", staff: "member", "role=lead": "admin" });
    expect(parseRoleMap("")).toEqual({});
  });

  it("refuses a line without a value or role, a role that is no role name, and owner", () => {
    for (const text of ["admins", "=admin", "admins=", "admins=Ad min", "admins=owner", `${"v".repeat(257)}=admin`]) expect(parseRoleMap(text), text).toBeNull();
  });

  it("shows a stored table back as lines, ignoring what is not a string", () => {
    expect(formatRoleMap({ "IdP Admins": "admin", staff: "member", broken: 3 })).toBe("IdP Admins=admin\nstaff=member");
    expect(formatRoleMap(undefined)).toBe("");
    expect(parseRoleMap(formatRoleMap({ a: "admin", "b c": "member" }))).toEqual({ a: "admin", "b c": "member" });
  });
});

describe("parseScopes", () => {
  it("splits on any whitespace, drops repeats, and wants openid", () => {
    expect(parseScopes(" openid  email\nprofile email ")).toEqual(["openid", "email", "profile"]);
    expect(parseScopes("")).toEqual([]);
    expect(parseScopes("email profile")).toBeNull();
    expect(parseScopes('openid "quoted"')).toBeNull();
    expect(parseScopes("openid back\\slash")).toBeNull();
  });
});
