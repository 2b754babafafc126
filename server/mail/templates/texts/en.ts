import type { MailTexts } from "./types.js";

export const en: MailTexts = {
  greeting: "Hello {name},",
  greetingNoName: "Hello,",
  linkFallback: "If the button does not work, copy this link into your browser:",
  actionLine: "{action}: {url}",
  hours: "{count, plural, one {# hour} other {# hours}}",
  minutes: "{count, plural, one {# minute} other {# minutes}}",
  roles: { owner: "owner", admin: "admin", member: "member" },
  kinds: {
    "verify-email": {
      subject: "Verify your email for {appName}",
      body: ["Please confirm that {email} is your email address.", "The link is valid for {validity}. If you did not create an account, you can ignore this email."],
      action: "Verify email",
    },
    "reset-password": {
      subject: "Reset your {appName} password",
      body: ["Someone asked to reset your password. If it was not you, ignore this email: your password stays as it is.", "The link is valid for {validity}.", "Your passkeys and API keys keep working after a reset; revoke them in your account if you did not ask for this."],
      action: "Reset password",
    },
    "change-email": {
      subject: "Confirm your new email for {appName}",
      body: ["Please confirm that you want to use {newEmail} as your email address.", "The link is valid for {validity}. If you did not ask for this change, ignore this email."],
      action: "Confirm new email",
    },
    "delete-account": {
      subject: "Confirm deleting your {appName} account",
      body: ["Following this link deletes your account and everything in it. This cannot be undone.", "The link is valid for {validity}. If you did not ask for this, ignore this email and your account stays as it is."],
      action: "Delete my account",
    },
    invitation: {
      subject: "You are invited to join an organization on {appName}",
      body: ["“{inviterName}” invited you to join the organization “{organizationName}” on {appName} as {role}.", "The invitation is valid until {expiresAt}."],
      action: "View invitation",
    },
    otp: {
      subject: "Your {appName} sign-in code: {code}",
      body: ["Your sign-in code is {code}. It works once and is valid for {validity}.", "Never share this code with anyone. If you did not try to sign in, change your password: someone knows it."],
    },
  },
};
