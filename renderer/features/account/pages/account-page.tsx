// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function AccountPage() {
  return <Page title="Account"><p>Account</p></Page>;
}
