// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function AuditPage() {
  return <Page title="Audit log"><p>Audit log</p></Page>;
}
