// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function OutboxPage() {
  return <Page title="Outbox"><p>Outbox</p></Page>;
}
