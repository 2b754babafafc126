/**
 * The accounts signed in on one server in the desktop app: one session per person, one of them
 * active. This is the app's multi-session: a browser keeps the same list in cookies, which the
 * app does not hold, so main keeps it here and answers the multi-session calls from it
 * (account-routes.ts).
 *
 * An impersonation replaces the administrator's entry by the impersonated person's session and
 * keeps the administrator's own token aside in `parked`; stopping puts it back.
 */

export interface Account {
  /** The person's user id ("" for a session kept by a version of the app that did not record it). */
  userId: string;
  token: string;
  /** While impersonating: the administrator's own account, restored when impersonation stops. */
  parked?: { userId: string; token: string };
}

interface Serialized {
  version: 2;
  active: string | null;
  accounts: Account[];
}

export class Accounts {
  private list: Account[] = [];
  private activeUserId: string | null = null;

  /** From the decrypted blob; an older app kept one bare token, which becomes one account. */
  static parse(text: string): Accounts {
    const accounts = new Accounts();
    let parsed: Partial<Serialized> | null = null;
    try {
      parsed = JSON.parse(text) as Partial<Serialized>;
    } catch {
      parsed = null;
    }
    if (parsed && parsed.version === 2 && Array.isArray(parsed.accounts)) {
      accounts.list = parsed.accounts.filter(isAccount);
      accounts.activeUserId = accounts.list.some((a) => a.userId === parsed.active) ? (parsed.active ?? null) : (accounts.list[0]?.userId ?? null);
    } else if (text) {
      accounts.put({ userId: "", token: text });
    }
    return accounts;
  }

  serialize(): string {
    const data: Serialized = { version: 2, active: this.activeUserId, accounts: this.list };
    return JSON.stringify(data);
  }

  isEmpty(): boolean {
    return this.list.length === 0;
  }

  all(): readonly Account[] {
    return this.list;
  }

  active(): Account | null {
    return this.list.find((a) => a.userId === this.activeUserId) ?? null;
  }

  byToken(token: string): Account | null {
    return this.list.find((a) => a.token === token) ?? null;
  }

  /**
   * Adds the person's session, or replaces the one they had (one session per person), and makes
   * it active. Answers the session it replaced, which the caller ends on the server.
   */
  put(account: Account): string | null {
    const index = this.list.findIndex((a) => a.userId === account.userId);
    const replaced = index >= 0 ? this.list[index]!.token : null;
    if (index >= 0) this.list[index] = account;
    else this.list.push(account);
    this.activeUserId = account.userId;
    return replaced !== account.token ? replaced : null;
  }

  /** Makes the account holding this token the active one; false when no account holds it. */
  activate(token: string): boolean {
    const account = this.byToken(token);
    if (account) this.activeUserId = account.userId;
    return Boolean(account);
  }

  /** Drops the account holding this token; when it was active, the first remaining one takes over. */
  remove(token: string): Account | null {
    const account = this.byToken(token);
    if (!account) return null;
    this.list = this.list.filter((a) => a !== account);
    if (this.activeUserId === account.userId) this.activeUserId = this.list[0]?.userId ?? null;
    return account;
  }

  /** The administrator's entry becomes the impersonation, with their own session parked inside it. */
  impersonate(adminToken: string, target: { userId: string; token: string }): void {
    const admin = this.byToken(adminToken);
    if (!admin) {
      this.put(target);
      return;
    }
    const index = this.list.indexOf(admin);
    this.list[index] = { ...target, parked: { userId: admin.userId, token: admin.token } };
    this.activeUserId = target.userId;
  }

  /** The impersonation's entry gives way to the administrator's parked one (or goes, without one). */
  stopImpersonating(token: string): Account | null {
    const entry = this.byToken(token);
    if (!entry) return null;
    if (!entry.parked) {
      this.remove(token);
      return null;
    }
    const restored: Account = entry.parked;
    this.list[this.list.indexOf(entry)] = restored;
    this.activeUserId = restored.userId;
    return restored;
  }

  /** Every token held, parked ones included (for sign-out, and to keep all of them from the page). */
  tokens(): string[] {
    return this.list.flatMap((a) => (a.parked ? [a.token, a.parked.token] : [a.token]));
  }
}

function isAccount(value: unknown): value is Account {
  const row = value as Account;
  return (
    typeof row === "object" &&
    row !== null &&
    typeof row.userId === "string" &&
    typeof row.token === "string" &&
    (row.parked === undefined || (typeof row.parked === "object" && row.parked !== null && typeof row.parked.userId === "string" && typeof row.parked.token === "string"))
  );
}
