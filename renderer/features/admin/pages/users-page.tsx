// Placeholder until this feature's screen is built; replaced by the feature's own page.
import { Page } from "../../../ui/page";

export function UsersPage() {
  return <Page title="Users"><p>Users</p></Page>;
}
