// Placeholder until the organizations screens are built.
import { Outlet } from "@tanstack/react-router";

export function OrganizationLayout() {
  return <Outlet />;
}
