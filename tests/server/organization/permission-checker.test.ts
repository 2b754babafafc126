/** The pure permission checker: behaviour and types (expectTypeOf is checked by `tsc`, the assertions by vitest). */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  authorize,
  authorizeOrganization,
  authorizeRoles,
  organizationRoleTable,
  organizationRoles,
  organizationStatements,
  splitRoles,
  type AuthorizeResult,
  type OrganizationRoleName,
  type OrganizationStatements,
  type PermissionRequest,
  type RoleGrants,
} from "../../../shared/permissions.js";

describe("authorize", () => {
  it("grants when the union of held roles covers every requested action on one resource", () => {
    expect(authorize([organizationRoles.admin], { member: ["create", "delete"] })).toEqual({ success: true });
    expect(authorize([organizationRoles.member, organizationRoles.admin], { organization: ["update"] })).toEqual({ success: true });
  });

  it("reports the missing actions when refusing", () => {
    const result = authorize([organizationRoles.admin], { organization: ["update", "delete"] });
    expect(result).toMatchObject({ success: false, code: "NOT_ALLOWED", resource: "organization", missing: ["delete"] });
    expect(result.success === false && result.error).toBe("You are not allowed to access resource: organization");
  });

  it("refuses more than one resource at a time, and an empty request", () => {
    const two = authorize([organizationRoles.owner], { organization: ["update"], member: ["create"] });
    expect(two).toEqual({ success: false, code: "ONE_RESOURCE_AT_A_TIME", error: "you can only check one resource permission at a time." });
    expect(authorize([organizationRoles.owner], {}).success).toBe(false);
    expect(authorize([organizationRoles.owner], { organization: [] }).success).toBe(false);
  });

  it("matches the spec's table for every built-in role", () => {
    const table: Record<OrganizationRoleName, Record<string, string[]>> = {
      owner: { organization: ["update", "delete"], member: ["create", "update", "delete"], invitation: ["create", "cancel"] },
      admin: { organization: ["update"], member: ["create", "update", "delete"], invitation: ["create", "cancel"] },
      member: {},
    };
    for (const [role, expected] of Object.entries(table)) {
      for (const resource of ["organization", "member", "invitation"] as const) {
        for (const action of organizationStatements[resource]) {
          const granted = authorizeRoles(organizationRoles, role, { [resource]: [action] }).success;
          expect(granted, `${role} ${resource}:${action}`).toBe((expected[resource] ?? []).includes(action));
        }
      }
    }
  });
});

describe("roles held as text", () => {
  it("splits comma-separated roles, trimming and de-duplicating", () => {
    expect(splitRoles(" admin, member,admin ,")).toEqual(["admin", "member"]);
    expect(splitRoles(["owner", " admin "])).toEqual(["owner", "admin"]);
    expect(splitRoles(null)).toEqual([]);
  });

  it("combines several held roles and ignores unknown names", () => {
    expect(authorizeRoles(organizationRoles, "member, admin", { invitation: ["cancel"] }).success).toBe(true);
    expect(authorizeRoles(organizationRoles, "ghost", { invitation: ["cancel"] }).success).toBe(false);
  });
});

describe("custom roles from configuration", () => {
  const custom = { billing: { organization: ["update"] }, owner: { organization: ["update"] } };

  it("adds configured roles to the built-in table, a configured name replacing a built-in one", () => {
    const table = organizationRoleTable(custom);
    expect(Object.keys(table).sort()).toEqual(["admin", "billing", "member", "owner"]);
    expect(authorizeOrganization("billing", { organization: ["update"] }, custom).success).toBe(true);
    expect(authorizeOrganization("billing", { organization: ["delete"] }, custom).success).toBe(false);
    expect(authorizeOrganization("owner", { organization: ["delete"] }, custom).success).toBe(false);
    expect(authorizeOrganization("owner", { organization: ["delete"] }).success).toBe(true);
  });
});

describe("checker types", () => {
  it("types requests by the statements and results as a tagged union", () => {
    expectTypeOf(authorize<OrganizationStatements>).returns.toEqualTypeOf<AuthorizeResult>();
    expectTypeOf<PermissionRequest<OrganizationStatements>>().toHaveProperty("organization").toEqualTypeOf<readonly ("update" | "delete")[] | undefined>();
    expectTypeOf<OrganizationRoleName>().toEqualTypeOf<"owner" | "admin" | "member">();
    expectTypeOf(organizationRoles.owner).toMatchTypeOf<RoleGrants<OrganizationStatements>>();
    expectTypeOf(authorizeOrganization).parameter(1).toEqualTypeOf<PermissionRequest<OrganizationStatements>>();
    const result = authorizeOrganization("admin", { member: ["update"] });
    if (!result.success) expectTypeOf(result.code).toEqualTypeOf<"ONE_RESOURCE_AT_A_TIME" | "UNKNOWN_RESOURCE" | "NOT_ALLOWED">();
    expect(result.success).toBe(true);
  });

  it("rejects unknown actions and resources at compile time", () => {
    // @ts-expect-error "fly" is not an organization action.
    authorizeOrganization("owner", { organization: ["fly"] });
    // @ts-expect-error "planet" is not an organization resource.
    authorizeOrganization("owner", { planet: ["update"] });
    // @ts-expect-error a role grant may only name actions of its resource.
    const bad: RoleGrants<OrganizationStatements> = { team: ["delete", "launch"] };
    expect(bad).toBeDefined();
  });
});
