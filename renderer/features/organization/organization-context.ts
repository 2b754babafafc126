/** The organization a nested page belongs to, and the caller's role in it (from OrganizationLayout). */
import { createContext, useContext } from "react";
import type { Organization } from "../../../shared/contract/organization";
import type { OrganizationStatements, PermissionRequest } from "../../../shared/permissions";
import { memberCan } from "../../app/permissions";

export interface OrganizationContextValue {
  organization: Organization;
  /** The caller's role(s), comma separated. */
  role: string;
  can(request: PermissionRequest<OrganizationStatements>): boolean;
}

export const OrganizationContext = createContext<OrganizationContextValue | null>(null);

export function useOrganizationContext(): OrganizationContextValue {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error("useOrganizationContext outside OrganizationLayout");
  return value;
}

export function organizationContextValue(organization: Organization, role: string): OrganizationContextValue {
  return { organization, role, can: (request) => memberCan(role, request) };
}
