// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function ForgotPasswordPage() {
  return <Page title="Forgot password"><p>Forgot password</p></Page>;
}
