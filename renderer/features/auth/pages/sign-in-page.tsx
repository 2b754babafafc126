// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function SignInPage() {
  return <Page title="Sign in"><p>Sign in</p></Page>;
}
