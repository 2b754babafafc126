/**
 * Magic links (better-auth 1.7's magic-link plugin, docs/passwordless.md): a one-time link mailed
 * to an address signs its owner in, creating the account when sign-up by link is on. The token is
 * a one-time secret (core/one-time.ts, purpose "magic-link": digest only, single use,
 * `magicLink.expiresIn`); opening it ends in `completeSignIn` (features/magic-link/routes.ts).
 */
import type { BodyOf, Contract, QueryOf } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { randomString } from "../../crypto/tokens.js";
import { magicLinkMail, recipientLanguage } from "../../mail/templates/index.js";
import { consume, issue } from "../../core/one-time.js";
import { accountForProof, countMailTo, type ProvenAccount } from "../../core/sign-in/passwordless.js";
import { requestedHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { findUserByEmail } from "../../core/user/store.js";
import { apiLink, DEFAULT_LANDING } from "../../core/verification/links.js";

/** 32 characters from 62 (≈190 bits), as the other mailed links. */
const TOKEN_LENGTH = 32;

/**
 * POST /sign-in/magic-link. The answer is `{status: true}` for every address; an unknown one gets
 * no mail when sign-up by link is off. The link carries the callbacks the caller gave (checked
 * against the trusted origins by the http layer) and the desktop hand-off it asked for.
 */
export async function sendMagicLink(app: AppContext, input: BodyOf<Contract["signInMagicLink"]>, query: QueryOf<Contract["signInMagicLink"]>, acceptLanguage?: string | null): Promise<void> {
  const settings = app.config.magicLink;
  if (!settings.enabled) throw apiError("MAGIC_LINK_DISABLED");
  const email = normalizeEmail(input.email);
  const handOff = requestedHandOff(app, query);
  await countMailTo(app, "magic-link", email);
  const user = await findUserByEmail(app.db, email);
  if (!user && settings.disableSignUp) return;
  const token = randomString(TOKEN_LENGTH);
  await issue(app.db, app.clock.now(), { purpose: "magic-link", secret: token, data: { email, name: input.name ?? null }, userId: user?.id ?? null, lifetimeSeconds: settings.expiresIn });
  const url = apiLink(app, "/magic-link/verify", {
    token,
    callbackURL: input.callbackURL || DEFAULT_LANDING.magicLink,
    newUserCallbackURL: input.newUserCallbackURL,
    errorCallbackURL: input.errorCallbackURL,
    ...(handOff ? { client_id: app.config.electron.clientId, state: handOff.state, code_challenge: handOff.codeChallenge } : {}),
  });
  const language = recipientLanguage(app.config.defaultLanguage, user ?? null, acceptLanguage);
  await app.mailer.send(magicLinkMail({ appName: app.config.appName, to: email, name: user?.name ?? input.name ?? "", url, token, language, expiresIn: settings.expiresIn }));
}

/** Why a link did not sign anyone in: the `?error=` of the redirect (better-auth's codes). */
export class LinkFailure extends Error {
  constructor(readonly code: "INVALID_TOKEN" | "new_user_signup_disabled") {
    super(code);
  }
}

/**
 * Uses the link up (single use: a second opening, or an expired one, is INVALID_TOKEN) and finds
 * or creates its account; an unproven account goes through the takeover rule first.
 */
export async function openMagicLink(app: AppContext, token: string): Promise<ProvenAccount> {
  const record = await consume(app.db, app.clock.now(), "magic-link", token);
  const data = record?.data as { email?: unknown; name?: unknown } | null | undefined;
  if (!record || typeof data?.email !== "string") throw new LinkFailure("INVALID_TOKEN");
  const account = await accountForProof(app, data.email, { name: typeof data.name === "string" ? data.name : undefined, disableSignUp: app.config.magicLink.disableSignUp });
  if (!account) throw new LinkFailure("new_user_signup_disabled");
  return account;
}
