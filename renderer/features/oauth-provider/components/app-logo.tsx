/**
 * An app's logo, or its initial. The console's CSP (server/http/console.ts) lets images come only
 * from this origin, data: or https:, so a client's plain-http logo_uri would be blocked anyway and
 * would leak the visit to whoever serves it over an unencrypted link: such a logo (and anything
 * not http(s) or same-origin) shows as the app's initial instead of a broken image.
 */
import { useState } from "react";

export function displayableLogo(logoUri: string | null | undefined): string | undefined {
  if (!logoUri) return undefined;
  try {
    const url = new URL(logoUri, location.origin);
    return url.protocol === "https:" || url.origin === location.origin ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function AppLogo({ name, logoUri, size = 40 }: { name: string; logoUri: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = displayableLogo(logoUri);
  const initial = (name.trim()[0] ?? "?").toUpperCase();
  if (src && !failed) return <img className="app-logo" src={src} alt="" width={size} height={size} referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
  return (
    <span className="app-logo app-logo-initial" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45 }}>
      {initial}
    </span>
  );
}
