/** The signed-in person's own account: profile, email, password, sessions, sign-in methods, deletion. */
import { useTranslation } from "react-i18next";
import { useCurrentSession } from "../../../app/session";
import { Page } from "../../../ui/page";
import { DeleteAccountSection } from "../components/delete-account-section";
import { EmailSection } from "../components/email-section";
import { LinkedAccountsSection } from "../components/linked-accounts-section";
import { PasswordSection } from "../components/password-section";
import { PasskeysSection } from "../components/passkey-section";
import { TwoFactorSection } from "../components/two-factor-section";
import { ProfileSection } from "../components/profile-section";
import { SessionsSection } from "../components/sessions-section";
import { ApiKeysSection } from "../components/api-key-section";
import { useLinkedAccounts } from "../queries";
import "../account.css";

export function AccountPage() {
  const { t } = useTranslation("account");
  const { user, session } = useCurrentSession();
  const accounts = useLinkedAccounts();
  // undefined while loading: the password forms show until the list says there is none.
  const hasPassword = accounts.data ? accounts.data.some((account) => account.providerId === "credential") : undefined;
  return (
    <Page title={t("title")} description={t("description", { name: user.name || user.email })}>
      <div className="account-sections">
        <ProfileSection user={user} />
        <EmailSection user={user} />
        <PasswordSection hasPassword={hasPassword} />
        <TwoFactorSection enabled={user.twoFactorEnabled} />
        <PasskeysSection />
        <SessionsSection currentSessionId={session.id} />
        <ApiKeysSection />
        <LinkedAccountsSection />
        <DeleteAccountSection user={user} hasPassword={hasPassword} />
      </div>
    </Page>
  );
}
