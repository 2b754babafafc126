/**
 * A better-auth-shaped SQLite database at scale, written straight into the tables better-auth 1.x
 * creates (camelCase columns, dates as ISO text, booleans as 0/1, sessions with their raw token):
 * what `auth server import-better-auth` reads (server/maintenance/better-auth-import/source.ts).
 * Each user has a password account and a session; organizations of a hundred members each.
 */
import Database from "better-sqlite3";
import { newId, randomString } from "../server/crypto/tokens.js";

const SCHEMA = `
create table "user" ("id" text primary key, "name" text not null, "email" text not null unique, "emailVerified" integer not null, "image" text, "createdAt" date not null, "updatedAt" date not null, "role" text, "banned" integer, "banReason" text, "banExpires" date);
create table "session" ("id" text primary key, "expiresAt" date not null, "token" text not null unique, "createdAt" date not null, "updatedAt" date not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade, "activeOrganizationId" text, "impersonatedBy" text);
create table "account" ("id" text primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" date, "refreshTokenExpiresAt" date, "scope" text, "password" text, "createdAt" date not null, "updatedAt" date not null);
create table "verification" ("id" text primary key, "identifier" text not null, "value" text not null, "expiresAt" date not null, "createdAt" date not null, "updatedAt" date not null);
create table "organization" ("id" text primary key, "name" text not null, "slug" text not null unique, "logo" text, "createdAt" date not null, "metadata" text);
create table "member" ("id" text primary key, "organizationId" text not null references "organization" ("id") on delete cascade, "userId" text not null references "user" ("id") on delete cascade, "role" text not null, "createdAt" date not null);
`;

export interface SourceCounts {
  user: number;
  session: number;
  account: number;
  organization: number;
  member: number;
}

/** Writes `users` users (and their rows) into a new SQLite file at `file`. */
export function writeBetterAuthSource(file: string, users: number): SourceCounts {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = off");
  db.exec(SCHEMA);
  const base = Date.now() - users * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const organizations = Math.max(1, Math.ceil(users / 100));
  const orgIds = Array.from({ length: organizations }, () => newId());
  const insertOrg = db.prepare(`insert into "organization" values (?, ?, ?, null, ?, null)`);
  const insertUser = db.prepare(`insert into "user" values (?, ?, ?, 1, null, ?, ?, 'user', 0, null, null)`);
  const insertSession = db.prepare(`insert into "session" values (?, ?, ?, ?, ?, '203.0.113.7', 'bench', ?, null, null)`);
  const insertAccount = db.prepare(`insert into "account" values (?, ?, 'credential', ?, null, null, null, null, null, null, ?, ?, ?)`);
  const insertMember = db.prepare(`insert into "member" values (?, ?, ?, ?, ?)`);
  const all = db.transaction(() => {
    orgIds.forEach((id, i) => insertOrg.run(id, `Org ${i}`, `org-${i}`, iso(base)));
    for (let i = 0; i < users; i++) {
      const id = newId();
      const at = iso(base + i * 1000);
      insertUser.run(id, `User ${i}`, `user${i}@example.com`, at, at);
      // Sessions valid for a year from now: the import carries only sessions that have not expired.
      insertSession.run(newId(), iso(Date.now() + 365 * 86_400_000), randomString(32), at, at, id);
      // better-auth's scrypt hash: hex salt ":" hex key.
      insertAccount.run(newId(), id, id, `${randomString(16)}:${randomString(64)}`, at, at);
      insertMember.run(newId(), orgIds[Math.floor(i / 100)]!, id, i % 100 === 0 ? "owner" : "member", at);
    }
  });
  all();
  db.close();
  return { user: users, session: users, account: users, organization: organizations, member: users };
}
