/** One builder per mail kind. */
import type { Mail } from "../mailer.js";
import { renderMail } from "./render.js";

interface Base {
  appName: string;
  to: string;
  url: string;
  token: string | null;
}

export function verifyEmailMail(input: Base & { name: string }): Mail {
  return renderMail({
    ...input,
    kind: "verify-email",
    subject: `Verify your email for ${input.appName}`,
    lines: [`Hello ${input.name},`, `Confirm that ${input.to} is your email address.`],
    action: "Verify email",
  });
}

export function resetPasswordMail(input: Base & { name: string }): Mail {
  return renderMail({
    ...input,
    kind: "reset-password",
    subject: `Reset your ${input.appName} password`,
    lines: [`Hello ${input.name},`, "Someone asked to reset your password. If it was not you, ignore this mail."],
    action: "Reset password",
  });
}

export function changeEmailMail(input: Base & { name: string; newEmail: string }): Mail {
  return renderMail({
    ...input,
    kind: "change-email",
    subject: `Confirm your new email for ${input.appName}`,
    lines: [`Hello ${input.name},`, `Confirm that you want to use ${input.newEmail} as your email address.`],
    action: "Confirm new email",
  });
}

export function deleteAccountMail(input: Base & { name: string }): Mail {
  return renderMail({
    ...input,
    kind: "delete-account",
    subject: `Confirm deleting your ${input.appName} account`,
    lines: [`Hello ${input.name},`, "Following this link deletes your account and everything in it. It cannot be undone."],
    action: "Delete my account",
  });
}

export function invitationMail(input: Base & { inviterName: string; organizationName: string; role: string }): Mail {
  return renderMail({
    ...input,
    kind: "invitation",
    subject: `${input.inviterName} invited you to ${input.organizationName}`,
    lines: [`${input.inviterName} invited you to join ${input.organizationName} as ${input.role}.`],
    action: "View invitation",
  });
}
