/**
 * Remembered servers and their session credentials, kept by main in one JSON file in the app's
 * data folder (mode 0600). The renderer sees `SavedServer` rows only: a credential never leaves
 * this module except as the Authorization header main adds (request-proxy.ts).
 *
 * A server holds one session per account (the desktop's multi-session, accounts.ts): the
 * accounts signed in on it, which one is active, and for an impersonation the administrator's
 * own session kept aside. All of it is one encrypted blob per server (`credential`).
 *
 * Credentials are encrypted with the injected encryptor (Electron's safeStorage: the OS keychain,
 * DPAPI, or libsecret/kwallet) before they touch the disk. Where no real encryption is available
 * — no keychain, or Linux's "basic_text" backend, which encrypts with a fixed key — credentials
 * are kept in memory only: the user signs in again after a restart, and nothing readable is left
 * on disk.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SavedServer } from "../../shared/desktop-api.js";
import { Accounts, type Account } from "./accounts.js";

/** What the store needs from safeStorage; tests pass a fake. */
export interface Encryptor {
  /** True only when encryption protects the data (a real keychain), not merely obfuscates it. */
  available(): Promise<boolean>;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(cipher: Buffer): Promise<string>;
}

interface StoredServer {
  id: string;
  name: string;
  url: string;
  kind: "remote" | "local";
  /** base64 of the encrypted accounts (Accounts.serialize); absent when none is held on disk. */
  credential?: string;
  addedAt: number;
  lastUsedAt: number | null;
}

interface StoreFile {
  version: 1;
  activeId: string | null;
  servers: StoredServer[];
}

export interface ServerStoreOptions {
  /** The JSON file, e.g. <userData>/servers.json. */
  file: string;
  encryptor: Encryptor;
  now?: () => number;
  randomId?: () => string;
}

export const NAME_MAX = 100;

/** An http(s) origin with no path, query or credentials; throws a readable error otherwise. */
export function normalizeServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error("Enter a full address, e.g. https://auth.example.com");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("The address must start with https:// or http://");
  if (url.username || url.password) throw new Error("The address must not contain a user name or password");
  return url.origin;
}

export class ServerStore {
  private readonly file: string;
  private readonly encryptor: Encryptor;
  private readonly now: () => number;
  private readonly randomId: () => string;
  private data: StoreFile;
  /** Accounts decrypted or signed in during this run (the only copy without real encryption). */
  private readonly memory = new Map<string, Accounts>();
  private encryption: Promise<boolean> | null = null;

  constructor(options: ServerStoreOptions) {
    this.file = options.file;
    this.encryptor = options.encryptor;
    this.now = options.now ?? Date.now;
    this.randomId = options.randomId ?? randomUUID;
    this.data = this.read();
  }

  /** Whether credentials survive a restart (encrypted on disk) or live in memory only. */
  encryptsAtRest(): Promise<boolean> {
    return (this.encryption ??= this.encryptor.available().catch(() => false));
  }

  list(): SavedServer[] {
    return this.data.servers.map((row) => this.toSaved(row));
  }

  active(): SavedServer | null {
    const row = this.data.servers.find((s) => s.id === this.data.activeId);
    return row ? this.toSaved(row) : null;
  }

  get(id: string): SavedServer | null {
    const row = this.data.servers.find((s) => s.id === id);
    return row ? this.toSaved(row) : null;
  }

  /** Remember a remote server; the same address twice answers the existing entry. */
  add(input: { name: string; url: string }): SavedServer {
    const url = normalizeServerUrl(input.url);
    const name = input.name.trim() || new URL(url).host;
    if (name.length > NAME_MAX) throw new Error(`The name must be at most ${NAME_MAX} characters`);
    const existing = this.data.servers.find((s) => s.kind === "remote" && s.url === url);
    if (existing) return this.toSaved(existing);
    const row: StoredServer = { id: this.randomId(), name, url, kind: "remote", addedAt: this.now(), lastUsedAt: null };
    this.data.servers.push(row);
    this.write();
    return this.toSaved(row);
  }

  /** The one local server entry, created on first start; its URL follows the port it got. */
  upsertLocal(url: string, name = "This computer"): SavedServer {
    const origin = normalizeServerUrl(url);
    let row = this.data.servers.find((s) => s.kind === "local");
    if (row) {
      if (row.url === origin) return this.toSaved(row);
      row.url = origin;
    } else {
      row = { id: this.randomId(), name, url: origin, kind: "local", addedAt: this.now(), lastUsedAt: null };
      this.data.servers.push(row);
    }
    this.write();
    return this.toSaved(row);
  }

  remove(id: string): void {
    const before = this.data.servers.length;
    this.data.servers = this.data.servers.filter((s) => s.id !== id);
    if (this.data.servers.length === before) throw new Error("No such server");
    this.memory.delete(id);
    if (this.data.activeId === id) this.data.activeId = null;
    this.write();
  }

  use(id: string): SavedServer {
    const row = this.data.servers.find((s) => s.id === id);
    if (!row) throw new Error("No such server");
    this.data.activeId = id;
    row.lastUsedAt = this.now();
    this.write();
    return this.toSaved(row);
  }

  /** Main only: the active account's session token for a server, or null. */
  async credential(id: string): Promise<string | null> {
    return (await this.accounts(id)).active()?.token ?? null;
  }

  /** Main only: the accounts signed in on a server (decrypted on first use). */
  async accounts(id: string): Promise<Accounts> {
    const held = this.memory.get(id);
    if (held) return held;
    const row = this.data.servers.find((s) => s.id === id);
    let accounts = new Accounts();
    if (row?.credential && (await this.encryptsAtRest())) {
      try {
        accounts = Accounts.parse(await this.encryptor.decrypt(Buffer.from(row.credential, "base64")));
      } catch {
        // A keychain that changed (another user, a reinstalled OS): the sign-ins are lost; sign in again.
        delete row.credential;
        this.write();
      }
    }
    // Another call may have finished first while this one waited on the keychain: keep its copy.
    const raced = this.memory.get(id);
    if (raced) return raced;
    if (row) this.memory.set(id, accounts);
    return accounts;
  }

  /** Signs an account in (or replaces its session) and makes it the active one. */
  async putAccount(id: string, account: Account): Promise<void> {
    await this.change(id, (accounts) => accounts.put(account));
  }

  /** The active account's session replaced by a new one of the same person (e.g. a password change). */
  async setCredential(id: string, token: string): Promise<void> {
    await this.change(id, (accounts) => accounts.put({ ...(accounts.active() ?? { userId: "" }), token }));
  }

  /** Run a change on a server's accounts and save them (encrypted, or in memory only). */
  async change<T>(id: string, apply: (accounts: Accounts) => T): Promise<T> {
    const row = this.data.servers.find((s) => s.id === id);
    if (!row) throw new Error("No such server");
    const accounts = await this.accounts(id);
    const result = apply(accounts);
    if (accounts.isEmpty()) {
      if (row.credential) {
        delete row.credential;
        this.write();
      }
    } else if (await this.encryptsAtRest()) {
      row.credential = (await this.encryptor.encrypt(accounts.serialize())).toString("base64");
      this.write();
    }
    return result;
  }

  /** Forgets every account of a server (signed out of all of them). */
  forgetCredential(id: string): void {
    this.memory.set(id, new Accounts());
    const row = this.data.servers.find((s) => s.id === id);
    if (row?.credential) {
      delete row.credential;
      this.write();
    }
  }

  private toSaved(row: StoredServer): SavedServer {
    return { id: row.id, name: row.name, url: row.url, kind: row.kind, signedIn: this.memory.has(row.id) ? !this.memory.get(row.id)!.isEmpty() : row.credential !== undefined };
  }

  private read(): StoreFile {
    if (!existsSync(this.file)) return { version: 1, activeId: null, servers: [] };
    try {
      const parsed = JSON.parse(readFileSync(this.file, "utf8")) as Partial<StoreFile>;
      const servers = Array.isArray(parsed.servers) ? parsed.servers.filter(isStoredServer) : [];
      const activeId = typeof parsed.activeId === "string" && servers.some((s) => s.id === parsed.activeId) ? parsed.activeId : null;
      return { version: 1, activeId, servers };
    } catch {
      // A damaged file is not worth refusing to start over: the list starts empty and is rewritten.
      return { version: 1, activeId: null, servers: [] };
    }
  }

  /** Written to a temporary file and renamed, so a crash never leaves half a file; mode 0600. */
  private write(): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.data, null, 2) + "\n", { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.file);
  }
}

function isStoredServer(value: unknown): value is StoredServer {
  const row = value as StoredServer;
  return (
    typeof row === "object" &&
    row !== null &&
    typeof row.id === "string" &&
    typeof row.name === "string" &&
    typeof row.url === "string" &&
    (row.kind === "remote" || row.kind === "local") &&
    (row.credential === undefined || typeof row.credential === "string")
  );
}
