// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function MyInvitationsPage() {
  return <Page title="Your invitations"><p>Your invitations</p></Page>;
}
