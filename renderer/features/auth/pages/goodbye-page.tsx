// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function GoodbyePage() {
  return <Page title="Account deleted"><p>Account deleted</p></Page>;
}
