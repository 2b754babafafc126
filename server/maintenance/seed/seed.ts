/**
 * `auth server seed` (issue 39): writes a scenario's personas through the server's own services —
 * argon2id hashes, sealed TOTP seeds and backup codes, the lockout counter, the invitation rules
 * and their mails to the outbox — so every account behaves exactly as one made by hand. Raw rows
 * are written only where no service can reach the state (a lock longer than the policy's, a
 * verified TOTP row without a first code).
 */
import type { AppContext } from "../../context.js";
import { createShiftedClock } from "../../clock.js";
import type { SessionRow, UserRow } from "../../db/types.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { findUserByEmail, findUserById } from "../../core/user/store.js";
import { assertPasswordLength, normalizeEmail } from "../../core/user/rules.js";
import { removeUser } from "../../core/user/remove-user.js";
import { recordFailure } from "../../core/lockout/service.js";
import { setUserLockedUntil } from "../../core/lockout/store.js";
import { claimStep, findTwoFactor, saveTwoFactor, setTwoFactorEnabled } from "../../core/two-factor/store.js";
import { sendVerificationEmail } from "../../core/verification/send-verification.js";
import { sealTotpSecret } from "../../features/two-factor/totp.js";
import { sealBackupCodes } from "../../features/two-factor/backup-codes.js";
import { createOrganization } from "../../features/organization/organization-service.js";
import { addMembership } from "../../features/organization/member-service.js";
import { addTeamMember, createTeam } from "../../features/organization/team-service.js";
import { inviteMember } from "../../features/organization/invitation-service.js";
import { clearOrganizationEverywhere } from "../../features/organization/active-store.js";
import { deleteOrganization, findOrganizationBySlug } from "../../features/organization/organization-store.js";
import { createApiKey } from "../../features/api-key/service.js";
import { createClient, type ClientMetadata } from "../../features/oauth-provider/clients.js";
import { INVITATION_STATES, type Persona, type PersonaState, type Scenario } from "./scenario.js";

const WEEK_SECONDS = 7 * 24 * 3600;

export interface SeededPersona {
  email: string;
  name: string;
  password: string;
  state: PersonaState;
  /** Null for an invited address with no account yet. */
  userId: string | null;
  role: string | null;
  totpSecret?: string;
  backupCodes?: string[];
  /** ISO instant a temporary ban ends, or a lock lifts. */
  bannedUntil?: string;
  lockedUntil?: string;
  invitationId?: string;
  invitationExpiresAt?: string;
  note?: string;
}

export interface SeedResult {
  scenario: string;
  personas: SeededPersona[];
  organizations: Array<{ id: string; name: string; slug: string; roles: string[]; teams: string[] }>;
  apiKeys: Array<{ name: string; owner: string; key: string; permissions: Record<string, string[]> | null }>;
  /** OpenID apps; usable once the provider is on (`oauthProvider.enabled`). */
  apps: Array<{ name: string; clientId: string; clientSecret: string; providerEnabled: boolean }>;
  /** Mails the seed put in the outbox (verification, invitations). */
  mails: number;
}

/** Why a seed was refused before anything was written. */
export class SeedRefused extends Error {
  constructor(
    readonly code: "SEED_IN_PRODUCTION" | "DATABASE_NOT_EMPTY",
    message: string,
  ) {
    super(message);
  }
}

/** Never in production; on an empty database, or with `force` (the scenario's own users and organizations are replaced). */
export async function assertSeedable(app: AppContext, options: { force?: boolean; nodeEnv?: string | undefined }): Promise<void> {
  if (options.nodeEnv === "production") throw new SeedRefused("SEED_IN_PRODUCTION", "Seeding is refused with NODE_ENV=production: scenario passwords are public.");
  if (options.force) return;
  const row = await app.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const users = Number(row?.n ?? 0);
  if (users > 0) throw new SeedRefused("DATABASE_NOT_EMPTY", `The database already holds ${users} user(s); seed an empty one, or pass --force to replace the scenario's own users and organizations.`);
}

export async function seedScenario(app: AppContext, scenario: Scenario, options: { force?: boolean; nodeEnv?: string | undefined } = {}): Promise<SeedResult> {
  await assertSeedable(app, options);
  // The expired invitation is written from the past: the seed runs on a clock it can move.
  const clock = createShiftedClock(0, app.clock);
  let mails = 0;
  const mailer = app.mailer;
  const seeding: AppContext = { ...app, clock, mailer: { transport: mailer.transport, send: async (mail) => ((mails += 1), mailer.send(mail)) } };
  if (options.force) await removeScenarioData(seeding, scenario);

  const users = new Map<string, UserRow>();
  const personas: SeededPersona[] = [];
  for (const persona of scenario.personas) {
    const seeded: SeededPersona = { email: normalizeEmail(persona.email), name: persona.name, password: persona.password, state: persona.state, userId: null, role: null, ...(persona.note ? { note: persona.note } : {}) };
    personas.push(seeded);
    if (INVITATION_STATES.includes(persona.state)) continue;
    const user = await createPersona(seeding, persona, seeded);
    users.set(seeded.email, user);
  }

  const organizations: SeedResult["organizations"] = [];
  const organizationIds = new Map<string, string>();
  for (const spec of scenario.organizations) {
    const owner = actorOf(users.get(normalizeEmail(spec.owner))!);
    const { organization, member } = await createOrganization(seeding, owner, { name: spec.name, slug: spec.slug, keepCurrentActiveOrganization: true });
    organizationIds.set(spec.slug, organization.id);
    const roles = new Set([member.role]);
    for (const m of spec.members) {
      await addMembership(seeding, seeding.db, organization.id, users.get(normalizeEmail(m.email))!.id, m.role);
      roles.add(m.role);
    }
    for (const t of spec.teams) {
      const team = await createTeam(seeding, owner, { name: t.name, organizationId: organization.id });
      for (const email of t.members) await addTeamMember(seeding, owner, { teamId: team.id, userId: users.get(normalizeEmail(email))!.id, organizationId: organization.id });
    }
    organizations.push({ id: organization.id, name: organization.name, slug: organization.slug, roles: [...roles], teams: spec.teams.map((t) => t.name) });
  }

  for (const [index, persona] of scenario.personas.entries()) {
    if (!persona.invitation) continue;
    const spec = scenario.organizations.find((o) => o.slug === persona.invitation!.organization)!;
    const inviter = actorOf((await findUserById(seeding.db, users.get(normalizeEmail(spec.owner))!.id))!);
    // An expired invitation is one sent long enough ago: step back past its lifetime, invite, come back.
    const back = persona.state === "invitation-expired" ? seeding.config.organization.invitationExpiresIn * 1000 + 3600_000 : 0;
    clock.advance(-back);
    try {
      const { invitation } = await inviteMember(seeding, inviter, { email: persona.email, role: persona.invitation.role, organizationId: organizationIds.get(spec.slug)! });
      personas[index]!.invitationId = invitation.id;
      personas[index]!.invitationExpiresAt = new Date(Number(invitation.expiresAt)).toISOString();
    } finally {
      clock.advance(back);
    }
  }

  const apiKeys: SeedResult["apiKeys"] = [];
  for (const spec of scenario.apiKeys) {
    const owner = (await findUserById(seeding.db, users.get(normalizeEmail(spec.owner))!.id))!;
    const created = await createApiKey(seeding, owner, { name: spec.name, ...(spec.permissions ? { permissions: spec.permissions } : {}) });
    apiKeys.push({ name: spec.name, owner: owner.email, key: created.key, permissions: spec.permissions ?? null });
  }

  const apps: SeedResult["apps"] = [];
  for (const spec of scenario.apps) {
    const created = await createClient(seeding, { client_name: spec.name, redirect_uris: spec.redirectUris } as ClientMetadata, null);
    apps.push({ name: spec.name, clientId: created.client_id, clientSecret: created.client_secret!, providerEnabled: seeding.config.oauthProvider.enabled });
  }

  return { scenario: scenario.name, personas, organizations, apiKeys, apps, mails };
}

async function createPersona(app: AppContext, persona: Persona, seeded: SeededPersona): Promise<UserRow> {
  assertPasswordLength(app.config, persona.password);
  const now = app.clock.now();
  const role = persona.state === "admin" ? (app.config.admin.adminRoles[0] ?? "admin") : app.config.admin.defaultRole;
  const banned = persona.state === "banned" || persona.state === "banned-7d";
  const banExpires = persona.state === "banned-7d" ? now + (persona.banSeconds ?? WEEK_SECONDS) * 1000 : null;
  let user = await createUserRecord(app, {
    email: seeded.email,
    name: persona.name,
    emailVerified: persona.state !== "unverified",
    role,
    passwordHash: await app.passwords.hash(persona.password),
    ban: banned ? { reason: persona.banReason || app.config.admin.defaultBanReason, expires: banExpires } : null,
  });
  seeded.userId = user.id;
  seeded.role = role;
  if (banExpires !== null) seeded.bannedUntil = new Date(banExpires).toISOString();

  if (persona.state === "unverified") await sendVerificationEmail(app, user);
  if (persona.state === "two-factor") {
    await saveTwoFactor(app.db, user.id, sealTotpSecret(persona.totpSecret!, app.secret), sealBackupCodes(persona.backupCodes!, app.secret), now);
    // Verified as if a first code had been typed at step 0: every real code is later.
    const row = (await findTwoFactor(app.db, user.id))!;
    await claimStep(app.db, row.id, 0, now);
    await setTwoFactorEnabled(app.db, user.id, true, now);
    seeded.totpSecret = persona.totpSecret!;
    seeded.backupCodes = persona.backupCodes!;
  }
  if (persona.state === "locked") {
    // The failures the policy counts to a lock, through the lockout service (audited as a lock)…
    for (let i = 0; i < app.config.lockout.maxAttempts; i++) await recordFailure(app, { user });
    // …then the wait the scenario asks for, which may be longer than the policy's first lock.
    const until = now + (persona.lockSeconds ?? app.config.lockout.maxLockDuration) * 1000;
    await setUserLockedUntil(app.db, user.id, until);
    seeded.lockedUntil = new Date(until).toISOString();
  }
  user = (await findUserById(app.db, user.id))!;
  return user;
}

/** The organization services act for a member's session; the seed acts for the owner with none active. */
function actorOf(user: UserRow) {
  const session = { id: "", userId: user.id, activeOrganizationId: null, activeTeamId: null } as unknown as SessionRow;
  return { user, session };
}

/** `--force`: the scenario's own users and organizations go first, so seeding twice gives the same state. */
async function removeScenarioData(app: AppContext, scenario: Scenario): Promise<void> {
  for (const spec of scenario.organizations) {
    const organization = await findOrganizationBySlug(app.db, spec.slug);
    if (!organization) continue;
    await app.db.transaction().execute(async (trx) => {
      await clearOrganizationEverywhere(trx, organization.id);
      await deleteOrganization(trx, organization.id);
    });
  }
  for (const persona of scenario.personas) {
    const user = await findUserByEmail(app.db, normalizeEmail(persona.email));
    if (user) await removeUser(app, user.id);
  }
}
