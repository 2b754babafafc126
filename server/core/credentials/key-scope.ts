/**
 * What a request made with an API key may do. The key's permissions are carried through the
 * request in AsyncLocalStorage, so every permission check (admin and organization) intersects
 * them with the user's own rights without each service being told about keys: a key can narrow
 * its user's power, never widen it (the user's role is still checked as for a session).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiKeyPermissions } from "../../../shared/contract/api-key.js";

export interface KeyScope {
  keyId: string;
  /** null: the key acts with its user's full rights (better-auth's default). */
  permissions: ApiKeyPermissions | null;
}

const storage = new AsyncLocalStorage<KeyScope>();

export function runWithKeyScope<T>(scope: KeyScope, task: () => T): T {
  return storage.run(scope, task);
}

/** True unless the request runs under a key whose permissions lack some requested action. */
export function keyAllows(request: Readonly<Record<string, readonly string[] | undefined>>): boolean {
  const scope = storage.getStore();
  if (!scope || scope.permissions === null) return true;
  const granted = scope.permissions;
  for (const [resource, actions] of Object.entries(request)) {
    if (!actions) continue;
    const held = Object.hasOwn(granted, resource) ? granted[resource] : undefined;
    if (!held || !actions.every((action) => held.includes(action))) return false;
  }
  return true;
}
