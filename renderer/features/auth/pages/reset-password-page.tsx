// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function ResetPasswordPage() {
  return <Page title="Choose a new password"><p>Choose a new password</p></Page>;
}
