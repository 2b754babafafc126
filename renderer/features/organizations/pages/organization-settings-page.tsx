// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function OrganizationSettingsPage() {
  return <Page title="Settings"><p>Settings</p></Page>;
}
