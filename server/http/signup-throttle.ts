/**
 * Sign-up throttles (issue 40, item 3): how many accounts one client address may start, and how
 * many verification mails it may have sent, per window of hours — apart from the general and
 * strict rate limits, which pace requests per minute and per route. Counted in the rate limiter's
 * store (context.counters), exactly (`hitExact`), so every server sharing Redis or PostgreSQL
 * sees each count at once. A refusal is the rate limiter's: 429 TOO_MANY_REQUESTS with
 * Retry-After (seconds until the window ends), before the handler runs (nothing is created or
 * mailed). Runs after the captcha hook, so requests that fail the captcha do not use up the
 * allowance of everyone behind the same address.
 */
import { apiError } from "../../shared/errors.js";
import type { AppContext } from "../context.js";
import { withRetryAfter } from "./error-handler.js";
import type { Hit } from "./rate-limit-store.js";
import type { RouteHook } from "./route-hooks.js";
import { clientAddress } from "./client-address.js";
import { throttleKindOf } from "./signup-throttle-rules.js";

type RuleName = "perIp" | "perIpv6Prefix64" | "verificationMail";

interface Count {
  rule: RuleName;
  key: string;
}

/** The counts one request adds: sign-ups by address and (IPv6) by /64; verification mails by address, IPv6 by /64. */
function countsOf(kind: "signUp" | "verificationMail", ip: string): Count[] {
  const client = clientAddress(ip);
  if (kind === "verificationMail") return [{ rule: "verificationMail", key: `throttle:verification-mail:${client.prefix64 ?? client.ip}` }];
  const counts: Count[] = [{ rule: "perIp", key: `throttle:sign-up:${client.ip}` }];
  if (client.prefix64) counts.push({ rule: "perIpv6Prefix64", key: `throttle:sign-up:${client.prefix64}` });
  return counts;
}

async function count(app: AppContext, key: string, windowSeconds: number): Promise<Hit> {
  const store = app.counters!;
  return store.hitExact ? store.hitExact(key, windowSeconds * 1000) : store.hit(key, windowSeconds * 1000);
}

export const signUpThrottleHook: RouteHook = (app, name) => {
  const settings = app.config.signUpThrottle;
  if (!settings.enabled || !app.config.rateLimit.enabled || !app.counters) return undefined;
  const kindOf = throttleKindOf(app.config, name);
  if (!kindOf) return undefined;
  return {
    async beforeHandler(request) {
      const kind = kindOf(request.body, request.signedIn);
      if (!kind) return;
      let refused: { rule: RuleName; ttl: number } | undefined;
      for (const each of countsOf(kind, request.ip)) {
        const rule = settings[each.rule];
        const hit = await count(app, each.key, rule.window);
        if (hit.current > rule.max && (!refused || hit.ttl > refused.ttl)) refused = { rule: each.rule, ttl: hit.ttl };
      }
      if (!refused) return;
      app.metrics.signUpThrottled.inc({ kind: refused.rule });
      throw withRetryAfter(apiError("TOO_MANY_REQUESTS"), refused.ttl / 1000);
    },
  };
};
