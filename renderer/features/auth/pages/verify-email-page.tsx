// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function VerifyEmailPage() {
  return <Page title="Email verified"><p>Email verified</p></Page>;
}
