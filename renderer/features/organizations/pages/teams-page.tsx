// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function TeamsPage() {
  return <Page title="Teams"><p>Teams</p></Page>;
}
