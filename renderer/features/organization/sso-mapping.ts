/**
 * The provider form's free-text fields as the API takes them (pure: no React). Role mapping is
 * typed one `value=role` per line; scopes space-separated. The server checks them again (roles:
 * never `owner`), these checks only let the form say what is wrong next to the field.
 */

/** `value=role` lines → `{value: role}`; null when a line is not of that shape or names no usable role. */
export function parseRoleMap(text: string): Record<string, string> | null {
  const map: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const at = line.lastIndexOf("=");
    if (at <= 0) return null;
    const value = line.slice(0, at).trim();
    const role = line.slice(at + 1).trim();
    // A first SSO sign-in never makes an owner (docs/sso.md); role names as organizations use them.
    if (!value || value.length > 256 || !/^[A-Za-z0-9_-]{1,64}$/.test(role) || role === "owner") return null;
    map[value] = role;
  }
  return map;
}

/** `{value: role}` → the form's lines. */
export function formatRoleMap(map: unknown): string {
  if (!map || typeof map !== "object") return "";
  return Object.entries(map as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([value, role]) => `${value}=${role}`)
    .join("\n");
}

/** RFC 6749 §3.3 scope tokens, space-separated; null when one is not a token or `openid` is missing. */
export function parseScopes(text: string): string[] | null {
  const scopes = text.split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return [];
  if (!scopes.every((scope) => /^[\x21\x23-\x5B\x5D-\x7E]{1,256}$/.test(scope)) || !scopes.includes("openid")) return null;
  return [...new Set(scopes)];
}

/** The SAML NameID formats the form offers; an empty choice leaves it to the identity provider. */
export const NAME_ID_FORMATS = [
  { value: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress", key: "email" },
  { value: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent", key: "persistent" },
  { value: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient", key: "transient" },
  { value: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified", key: "unspecified" },
] as const;
