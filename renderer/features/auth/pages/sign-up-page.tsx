// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function SignUpPage() {
  return <Page title="Create an account"><p>Create an account</p></Page>;
}
