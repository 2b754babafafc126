/** Magic-link sign-in (features/magic-link). better-auth answers its failures as redirects; this is the one refusal before a mail is sent. */
export const magicLinkErrors = {
  MAGIC_LINK_DISABLED: { status: 400, message: "Sign-in by magic link is turned off" },
} as const;
