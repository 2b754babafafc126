/**
 * Which audit actions an endpoint receives (issue 38): an exact action (`user.ban`), a prefix
 * ending in `*` (`user.*`: every user action), or `*` alone (everything). Pure, so the server
 * and the console agree.
 */
import { AUDIT_ACTIONS } from "../../shared/audit-actions.js";

export function selects(selectors: readonly string[], type: string): boolean {
  return selectors.some((selector) => selector === "*" || selector === type || (selector.endsWith("*") && type.startsWith(selector.slice(0, -1))));
}

/** The selectors that would receive nothing: an unknown action, or a prefix no action has. */
export function unmatchedSelectors(selectors: readonly string[]): string[] {
  return selectors.filter((selector) => !AUDIT_ACTIONS.some((action) => selects([selector], action)));
}
