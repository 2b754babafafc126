/**
 * What each redirect error code means to a person on the error page. Codes come from the spec's
 * redirect list; an unknown code still shows, with a generic line. The code comes from the query
 * string, so the table is a Map: `__proto__`, `constructor` or `toString` are just unknown codes.
 */
const EXPLANATIONS: ReadonlyMap<string, string> = new Map(Object.entries({
  token_expired: "This link has expired. Ask for a new one and use it within the hour.",
  invalid_token: "This link is not valid, or it was already used. Ask for a new one.",
  INVALID_TOKEN: "This link is not valid, or it was already used. Ask for a new one.",
  user_not_found: "The account this link was made for no longer exists.",
  unauthorized: "This link belongs to a different account than the one you are signed in with.",
  please_restart_the_process: "The sign-in took too long or was started somewhere else. Please start again.",
  state_not_found: "The sign-in took too long or was started somewhere else. Please start again.",
  invalid_callback_request: "The sign-in provider sent an answer that could not be read. Please start again.",
  no_code: "The sign-in provider did not complete the sign-in. Please start again.",
  oauth_provider_not_found: "This sign-in provider is not set up on this server.",
  invalid_code: "The sign-in provider's answer was not accepted. Please start again.",
  unable_to_get_user_info: "The sign-in provider did not share your profile.",
  email_not_found: "The sign-in provider did not share an email address.",
  no_callback_url: "The sign-in was started without a page to return to.",
  "email_doesn't_match": "The provider account's email does not match your account's email.",
  account_already_linked: "This provider account is already linked.",
  account_already_linked_to_different_user: "This provider account is already linked to another user.",
  unable_to_link_account: "The provider account could not be linked.",
  "account not linked": "This provider account is not linked to any user yet.",
  "unable to create user": "The account could not be created.",
  "unable to create session": "You could not be signed in. Please try again.",
}));

export function explainError(code: string): string {
  return EXPLANATIONS.get(code) ?? "Something went wrong while signing you in.";
}
