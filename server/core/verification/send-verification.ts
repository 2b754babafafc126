/** Issues an email-verification token and mails its link. */
import type { AppContext } from "../../context.js";
import { randomString } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { recipientLanguage, verifyEmailMail } from "../../mail/templates/index.js";
import { apiLink, DEFAULT_LANDING } from "./links.js";
import { issue } from "../one-time.js";

export const VERIFY_TOKEN_LENGTH = 32;

/** `acceptLanguage`: the request that caused the mail, for a user who chose no language. */
export async function sendVerificationEmail(app: AppContext, user: UserRow, callbackURL?: string, acceptLanguage?: string | null): Promise<void> {
  const token = randomString(VERIFY_TOKEN_LENGTH);
  await issue(app.db, app.clock.now(), {
    purpose: "verify-email",
    secret: token,
    data: { userId: user.id, email: user.email },
    userId: user.id,
    lifetimeSeconds: app.config.emailVerification.expiresIn,
  });
  const url = apiLink(app, "/verify-email", { token, callbackURL: callbackURL || DEFAULT_LANDING.verifyEmail });
  const language = recipientLanguage(app.config.defaultLanguage, user, acceptLanguage);
  await app.mailer.send(verifyEmailMail({ appName: app.config.appName, to: user.email, name: user.name, url, token, language, expiresIn: app.config.emailVerification.expiresIn }));
}
