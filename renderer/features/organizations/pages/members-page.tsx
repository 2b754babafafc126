// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function MembersPage() {
  return <Page title="Members"><p>Members</p></Page>;
}
