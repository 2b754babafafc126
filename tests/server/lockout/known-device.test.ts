/**
 * Issue 19 item 10: an attacker who makes one wrong guess per lock period keeps an account locked
 * for everyone — but not for a browser that has completed a sign-in to that account before. It
 * holds a signed known-device cookie; its attempts are counted against that device alone (with the
 * same budget), so the attacker's lock does not reach it and its guesses do not reach the account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const LOCKOUT = { freeAttempts: 3, maxAttempts: 5, slowDelay: 1, lockDuration: 60, maxLockDuration: 600, resetAfter: 3600 };
const config = { rateLimit: { enabled: true, max: 100_000, strict: { window: 60, max: 100_000 } }, lockout: LOCKOUT };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config });
});
afterAll(async () => {
  await server.close();
});

function browser() {
  const jar = createCookieFetch(server.url);
  return {
    jar,
    async signIn(email: string, password: string) {
      const response = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    },
    async signOut() {
      await jar.fetch(`${server.api}/sign-out`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    },
  };
}

/** The attacker's wrong guesses, each after any short wait is over, until the account locks. */
async function lockByGuessing(email: string) {
  const attacker = browser();
  for (let i = 0; i < LOCKOUT.maxAttempts; i++) {
    server.clock.advance(2_000);
    expect((await attacker.signIn(email, "a wrong guess")).status).toBe(401);
  }
  expect((await attacker.signIn(email, "another guess")).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
  return attacker;
}

describe("the known-device cookie (#19 item 10)", () => {
  it("lets the owner's browser sign in while an attacker keeps the account locked (#19)", async () => {
    const owner = await server.signUp({ email: "owner-device@example.com", password: "correct horse 1" });
    const laptop = browser();
    expect((await laptop.signIn(owner.email, owner.password)).status).toBe(200);
    expect([...laptop.jar.cookies.keys()]).toContain("latchkey.known_device");
    await laptop.signOut();

    const attacker = await lockByGuessing(owner.email);
    // The attacker, even with the right password, is refused while the lock runs…
    expect((await attacker.signIn(owner.email, owner.password)).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    // …and so is a browser that never signed in to this account.
    expect((await browser().signIn(owner.email, owner.password)).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    // The owner's laptop is not.
    const back = await laptop.signIn(owner.email, owner.password);
    expect(back.status).toBe(200);
  });

  it("gives a known device its own budget: a thief with the laptop is locked out of guessing too (#19)", async () => {
    const owner = await server.signUp({ email: "owner-thief@example.com", password: "correct horse 2" });
    const laptop = browser();
    expect((await laptop.signIn(owner.email, owner.password)).status).toBe(200);
    await laptop.signOut();
    for (let i = 0; i < LOCKOUT.maxAttempts; i++) {
      server.clock.advance(2_000);
      expect((await laptop.signIn(owner.email, "thief's guess")).status).toBe(401);
    }
    expect((await laptop.signIn(owner.email, owner.password)).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
    // The device's guesses were its own: the account itself is not locked for its other browsers.
    expect((await browser().signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("does not carry over to another account, nor survive tampering (#19)", async () => {
    const first = await server.signUp({ email: "device-first@example.com", password: "correct horse 3" });
    const second = await server.signUp({ email: "device-second@example.com", password: "correct horse 4" });
    const laptop = browser();
    expect((await laptop.signIn(first.email, first.password)).status).toBe(200);
    await laptop.signOut();
    await lockByGuessing(second.email);
    expect((await laptop.signIn(second.email, second.password)).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");

    await lockByGuessing(first.email);
    const cookie = laptop.jar.cookies.get("latchkey.known_device")!;
    // Alter the signed value (one more character before its signature), whatever its encoding.
    const dot = cookie.lastIndexOf(".");
    expect(dot).toBeGreaterThan(0);
    laptop.jar.cookies.set("latchkey.known_device", `${cookie.slice(0, dot)}x${cookie.slice(dot)}`);
    expect((await laptop.signIn(first.email, first.password)).body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
  });
});
