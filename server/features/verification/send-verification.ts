/** Issues an email-verification token and mails its link. */
import type { AppContext } from "../../context.js";
import { randomString } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { verifyEmailMail } from "../../mail/templates/index.js";
import { saveToken } from "./store.js";

export const VERIFY_TOKEN_LENGTH = 32;

export async function sendVerificationEmail(app: AppContext, user: UserRow, callbackURL?: string): Promise<void> {
  const now = app.clock.now();
  const token = randomString(VERIFY_TOKEN_LENGTH);
  await saveToken(app.db, {
    purpose: "verify-email",
    token,
    value: JSON.stringify({ userId: user.id, email: user.email }),
    expiresAt: now + app.config.emailVerification.expiresIn * 1000,
    now,
  });
  const url = new URL(`${app.apiURL}/verify-email`);
  url.searchParams.set("token", token);
  if (callbackURL) url.searchParams.set("callbackURL", callbackURL);
  await app.mailer.send(verifyEmailMail({ appName: app.config.appName, to: user.email, name: user.name, url: url.toString(), token }));
}
