// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function InvitationsPage() {
  return <Page title="Invitations"><p>Invitations</p></Page>;
}
