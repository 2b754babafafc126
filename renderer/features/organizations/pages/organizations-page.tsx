// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function OrganizationsPage() {
  return <Page title="Organizations"><p>Organizations</p></Page>;
}
