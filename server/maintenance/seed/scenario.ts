/**
 * Seed scenarios (issue 39): the accounts, organizations, invitations, keys and apps `auth server
 * seed` writes, as data. The built-in ones are `scenarios/*.json`; a team adds its own file in the
 * same shape (`--scenario ./my-scenario.json`), checked here with a message that names the field.
 * Everything a test plan names — emails, passwords, TOTP secrets, backup codes — is in the file,
 * so it is the same on every machine.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { BACKUP_CODE_ALPHABET } from "../../features/two-factor/backup-codes.js";
import demo from "../../../scenarios/demo.json" with { type: "json" };
import qa from "../../../scenarios/qa.json" with { type: "json" };

/** Every account state a QA plan needs; the state decides what the seeder does with the persona. */
export const PERSONA_STATES = [
  "admin",
  "member",
  "unverified",
  "two-factor",
  "passkey",
  "banned-7d",
  "banned",
  "locked",
  "invited",
  "invitation-expired",
  "impersonate",
] as const;
export type PersonaState = (typeof PERSONA_STATES)[number];

/** States with no account yet: an invitation to an address that has not signed up. */
export const INVITATION_STATES: readonly PersonaState[] = ["invited", "invitation-expired"];

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lower-case letters, digits and dashes");
const backupCode = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{4}-[${BACKUP_CODE_ALPHABET}]{4}-[${BACKUP_CODE_ALPHABET}]{4}$`);

const personaSchema = z
  .object({
    email: z.string().email(),
    name: z.string().min(1).max(100),
    password: z.string().min(8).max(128),
    state: z.enum(PERSONA_STATES),
    /** Base32 (RFC 4648) TOTP seed, for `two-factor`: what an authenticator app is given. */
    totpSecret: z.string().regex(/^[A-Z2-7]{16,64}$/, "base32: A–Z and 2–7, 16 to 64 characters").optional(),
    /** Backup codes for `two-factor`, in the server's own form (XXXX-XXXX-XXXX, no look-alike characters). */
    backupCodes: z.array(z.string().regex(backupCode, `XXXX-XXXX-XXXX from ${BACKUP_CODE_ALPHABET}`)).min(1).max(10).optional(),
    banReason: z.string().max(200).optional(),
    /** For `banned-7d`: seconds until the ban lapses (default 7 days). */
    banSeconds: z.number().int().positive().optional(),
    /** For `locked`: seconds the lock holds (default: the lockout policy's longest wait). */
    lockSeconds: z.number().int().positive().optional(),
    /** For `invited` and `invitation-expired`: the organization (slug) and role of the invitation. */
    invitation: z.object({ organization: slug, role: z.string().min(1).max(64) }).strict().optional(),
    /** Shown beside the persona (how to use a passkey persona, what impersonation shows). */
    note: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((persona, ctx) => {
    const need = (field: keyof typeof persona) => {
      if (persona[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `required for state "${persona.state}"` });
    };
    if (persona.state === "two-factor") {
      need("totpSecret");
      need("backupCodes");
    }
    if (INVITATION_STATES.includes(persona.state)) need("invitation");
  });

const organizationSchema = z
  .object({
    name: z.string().min(1).max(100),
    slug,
    /** Email of the persona who creates it (the owner). */
    owner: z.string().email(),
    members: z.array(z.object({ email: z.string().email(), role: z.string().min(1).max(64) }).strict()).default([]),
    teams: z.array(z.object({ name: z.string().min(1).max(100), members: z.array(z.string().email()).default([]) }).strict()).default([]),
  })
  .strict();

const apiKeySchema = z
  .object({
    owner: z.string().email(),
    name: z.string().min(1).max(100),
    /** Narrowed permissions (resource → actions); absent: the owner's full rights. */
    permissions: z.record(z.string().max(64), z.array(z.string().max(64))).optional(),
  })
  .strict();

const appSchema = z
  .object({
    name: z.string().min(1).max(100),
    redirectUris: z.array(z.string().url()).min(1),
  })
  .strict();

export const scenarioSchema = z
  .object({
    name: z.string().min(1).max(64),
    description: z.string().max(500).optional(),
    personas: z.array(personaSchema).min(1),
    organizations: z.array(organizationSchema).default([]),
    apiKeys: z.array(apiKeySchema).default([]),
    apps: z.array(appSchema).default([]),
  })
  .strict()
  .superRefine((scenario, ctx) => {
    const emails = new Set<string>();
    scenario.personas.forEach((persona, index) => {
      const email = persona.email.toLowerCase();
      if (emails.has(email)) ctx.addIssue({ code: "custom", path: ["personas", index, "email"], message: "appears twice" });
      emails.add(email);
    });
    const accounts = new Set(scenario.personas.filter((p) => !INVITATION_STATES.includes(p.state)).map((p) => p.email.toLowerCase()));
    const slugs = new Set(scenario.organizations.map((o) => o.slug));
    const known = (path: (string | number)[], email: string) => {
      if (!accounts.has(email.toLowerCase())) ctx.addIssue({ code: "custom", path, message: `no persona with an account has the email ${email}` });
    };
    scenario.organizations.forEach((organization, index) => {
      known(["organizations", index, "owner"], organization.owner);
      organization.members.forEach((member, m) => known(["organizations", index, "members", m, "email"], member.email));
      organization.teams.forEach((team, t) => team.members.forEach((email, m) => known(["organizations", index, "teams", t, "members", m], email)));
    });
    scenario.apiKeys.forEach((key, index) => known(["apiKeys", index, "owner"], key.owner));
    scenario.personas.forEach((persona, index) => {
      if (persona.invitation && !slugs.has(persona.invitation.organization)) {
        ctx.addIssue({ code: "custom", path: ["personas", index, "invitation", "organization"], message: `no organization with the slug ${persona.invitation.organization}` });
      }
    });
  });

export type Scenario = z.infer<typeof scenarioSchema>;
export type Persona = Scenario["personas"][number];

export const BUILT_IN_SCENARIOS: Record<string, unknown> = { demo, qa };

/** A scenario file that cannot be used: `problems` name each field (`personas.3.totpSecret: …`). */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`${source}: ${problems.join("; ")}`);
  }
}

/** `demo`, `qa`, or a path to a JSON file in the same shape. */
export function loadScenario(nameOrPath: string): Scenario {
  let raw: unknown = BUILT_IN_SCENARIOS[nameOrPath];
  const source = raw === undefined ? nameOrPath : `scenario ${nameOrPath}`;
  if (raw === undefined) {
    if (!/[/\\]|\.json$/i.test(nameOrPath)) throw new ScenarioError(source, [`not a built-in scenario (${Object.keys(BUILT_IN_SCENARIOS).join(", ")}) nor a .json file`]);
    let text: string;
    try {
      text = readFileSync(nameOrPath, "utf8");
    } catch (error) {
      throw new ScenarioError(source, [(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message]);
    }
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new ScenarioError(source, [`not JSON: ${(error as Error).message}`]);
    }
  }
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) throw new ScenarioError(source, parsed.error.issues.map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`));
  return parsed.data;
}
