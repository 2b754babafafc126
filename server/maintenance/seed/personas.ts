/**
 * The personas the console's Demo data section shows (issue 39): those of the built-in scenarios
 * whose accounts are in the database. Their emails, passwords and TOTP secrets are the scenario
 * files' public values, the same on every machine; nothing random (API keys, app secrets) is here.
 */
import type { AppContext } from "../../context.js";
import { findUserByEmail } from "../../core/user/store.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { DEMO_SCENARIOS, type DemoPersona } from "../../../shared/contract/settings-demo.js";
import { INVITATION_STATES, loadScenario, type Scenario } from "./scenario.js";

/** A scenario's personas in the console's shape. */
export function demoPersonas(name: (typeof DEMO_SCENARIOS)[number], scenario: Scenario): DemoPersona[] {
  return scenario.personas.map((persona) => ({
    scenario: name,
    email: normalizeEmail(persona.email),
    name: persona.name,
    password: persona.password,
    state: persona.state,
    ...(persona.totpSecret ? { totpSecret: persona.totpSecret } : {}),
    ...(persona.backupCodes ? { backupCodes: persona.backupCodes } : {}),
    ...(persona.note ? { note: persona.note } : {}),
  }));
}

/** A scenario counts as seeded when one of its accounts exists (invitees have none until they sign up). */
export async function seededPersonas(app: AppContext): Promise<{ scenarios: Array<(typeof DEMO_SCENARIOS)[number]>; personas: DemoPersona[] }> {
  const scenarios: Array<(typeof DEMO_SCENARIOS)[number]> = [];
  const personas: DemoPersona[] = [];
  for (const name of DEMO_SCENARIOS) {
    const scenario = loadScenario(name);
    const accounts = scenario.personas.filter((persona) => !INVITATION_STATES.includes(persona.state));
    let seeded = false;
    for (const persona of accounts) {
      if (await findUserByEmail(app.db, normalizeEmail(persona.email))) {
        seeded = true;
        break;
      }
    }
    if (!seeded) continue;
    scenarios.push(name);
    personas.push(...demoPersonas(name, scenario));
  }
  return { scenarios, personas };
}
