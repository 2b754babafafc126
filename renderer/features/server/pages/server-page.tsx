// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function ServerPage() {
  return <Page title="Local server"><p>Local server</p></Page>;
}
