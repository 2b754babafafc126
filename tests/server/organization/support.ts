/** Shared set-up for organization tests: users, organizations created over HTTP, members seeded directly. */
import { randomUUID } from "node:crypto";
import type { TestServer } from "../../helpers/test-server.js";

export interface SignedUp {
  token: string;
  userId: string;
  email: string;
  password: string;
}

/**
 * Signs up `count` users. They verify their addresses through the mailed link unless
 * `verified: false`: inviting and answering invitations need a verified email (issues 19, 27).
 */
export async function users(server: TestServer, count: number, options: { verified?: boolean } = {}): Promise<SignedUp[]> {
  const out: SignedUp[] = [];
  for (let i = 0; i < count; i++) {
    const user = await server.signUp();
    if (options.verified !== false) await server.verifyEmail(user.email);
    out.push(user);
  }
  return out;
}

let slugCounter = 0;
export function freshSlug(prefix = "org"): string {
  return `${prefix}-${++slugCounter}-${randomUUID().slice(0, 8)}`;
}

/** Creates an organization over HTTP as `owner` and returns its id. */
export async function createOrganization(server: TestServer, owner: SignedUp, body: Record<string, unknown> = {}): Promise<{ id: string; slug: string; body: any }> {
  const slug = (body.slug as string | undefined) ?? freshSlug();
  const response = await server.request("POST", "/organization/create", { token: owner.token, body: { name: `Org ${slug}`, slug, ...body } });
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${response.text}`);
  return { id: response.body.id, slug, body: response.body };
}

/** Adds a membership straight into the database (fast set-up; the HTTP paths have their own tests). */
export async function seedMember(server: TestServer, organizationId: string, userId: string, role: string): Promise<string> {
  const id = randomUUID();
  await server.database.db.insertInto("member").values({ id, organizationId, userId, role, teamId: null, createdAt: server.clock.now() }).execute();
  return id;
}

export async function sessionOf(server: TestServer, token: string) {
  const response = await server.request("GET", "/get-session", { token, headers: {} });
  return response.body?.session as { activeOrganizationId: string | null; activeTeamId: string | null } | undefined;
}

export async function auditActions(server: TestServer, organizationId: string): Promise<string[]> {
  await server.app.context.audit.flush();
  const rows = await server.database.db.selectFrom("auditEvent").select("action").where("organizationId", "=", organizationId).orderBy("seq").execute();
  return rows.map((row) => row.action);
}
