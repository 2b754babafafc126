/**
 * Can passkeys work on the address this console was opened at (issue 33)? Browsers refuse an IP
 * address as a relying party ("127.0.0.1 is an invalid domain") and WebAuthn only exists in a
 * secure context (https, or localhost). Where it cannot work, the console hides the passkey buttons
 * and says why; on a loopback IP it links to the same server under `localhost`, where it works.
 */
export type PasskeySupport =
  | { ok: true }
  | { ok: false; reason: "ip-local"; url: string; host: string }
  | { ok: false; reason: "ip" | "insecure" | "unsupported"; host: string };

export function passkeySupport(): PasskeySupport {
  if (typeof window === "undefined") return { ok: false, reason: "unsupported", host: "" };
  const { protocol, hostname, port, pathname, search, hash } = window.location;
  if (/^https?:$/.test(protocol)) {
    const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
    if (ipv4 || hostname.startsWith("[")) {
      const loopback = /^127\./.test(hostname) || hostname === "[::1]";
      if (loopback) return { ok: false, reason: "ip-local", host: hostname, url: `${protocol}//localhost${port ? `:${port}` : ""}${pathname}${search}${hash}` };
      return { ok: false, reason: "ip", host: hostname };
    }
    if (!window.isSecureContext) return { ok: false, reason: "insecure", host: hostname };
  }
  if (!("PublicKeyCredential" in window)) return { ok: false, reason: "unsupported", host: hostname };
  return { ok: true };
}
