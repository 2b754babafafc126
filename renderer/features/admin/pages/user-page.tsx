// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function UserPage() {
  return <Page title="User"><p>User</p></Page>;
}
