// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function WelcomePage() {
  return <Page title="Welcome"><p>Welcome</p></Page>;
}
