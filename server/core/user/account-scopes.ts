/** A linked account's granted scopes: stored as one string, separated by commas or spaces (providers differ). */
export function parseScopes(scope: string | null): string[] {
  if (!scope) return [];
  return scope.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
}
