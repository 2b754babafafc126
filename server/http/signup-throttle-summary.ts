/** The sign-up throttles in force, for `auth server check-config`: off when either switch is off (they count in the rate limiter's store). */
import type { Config } from "../config.js";

type Rule = Config["signUpThrottle"]["perIp"];

export interface SignUpThrottleSummary {
  enabled: boolean;
  perIp: Rule | null;
  perIpv6Prefix64: Rule | null;
  verificationMail: Rule | null;
}

export function signUpThrottleSummary(config: Config): SignUpThrottleSummary {
  const settings = config.signUpThrottle;
  if (!settings.enabled || !config.rateLimit.enabled) return { enabled: false, perIp: null, perIpv6Prefix64: null, verificationMail: null };
  return { enabled: true, perIp: settings.perIp, perIpv6Prefix64: settings.perIpv6Prefix64, verificationMail: settings.verificationMail };
}
