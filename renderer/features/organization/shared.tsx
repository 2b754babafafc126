/** Small pieces the organization screens share: role names, slug suggestion, logo. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { splitRoles } from "../../../shared/permissions";

export const BUILT_IN_ROLES = ["owner", "admin", "member"] as const;

/** "Acme Labs, Inc." → "acme-labs-inc" */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A role (or several, comma separated) in words. */
export function useRoleLabel() {
  const { t } = useTranslation("organization");
  return (role: string) =>
    splitRoles(role)
      .map((name) => ((BUILT_IN_ROLES as readonly string[]).includes(name) ? t(`roles.${name}`) : name))
      .join(", ");
}

/** Whether the role(s) include the creator role, which only owners may grant or change. */
export function isOwner(role: string | null | undefined): boolean {
  return splitRoles(role ?? "").includes("owner");
}

/** The organization's logo, or its initial when there is none (or it is not an https image the CSP allows). */
export function OrganizationLogo({ name, logo, size = 32 }: { name: string; logo: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState(false);
  const usable = logo && !failed && /^(https:|data:image\/)/i.test(logo);
  if (usable) return <img className="org-logo" src={logo} alt="" width={size} height={size} onError={() => setFailed(true)} />;
  return (
    <span className="org-logo org-logo-initial" aria-hidden="true" style={{ width: size, height: size }}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
