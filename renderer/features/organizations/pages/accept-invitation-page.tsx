// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function AcceptInvitationPage() {
  return <Page title="Invitation"><p>Invitation</p></Page>;
}
