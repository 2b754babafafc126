import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError, createClient, NetworkError } from "../../../shared/client/index.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("typed client", () => {
  it("keeps the token from set-auth-token and uses it as a bearer", async () => {
    const client = createClient({ baseURL: server.url });
    expect(client.token).toBeUndefined();
    const { user } = await client.signUpEmail({ email: "typed@example.com", password: "password123", name: "Typed" });
    expect(client.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const session = await client.getSession();
    expect(session?.user.id).toBe(user.id);
    await client.signOut({});
    expect(await client.getSession()).toBeNull();
  });

  it("raises ClientError with status, code and message", async () => {
    const client = createClient({ baseURL: server.url });
    const failure = await client.signInEmail({ email: "nobody@example.com", password: "password123" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ClientError);
    expect(failure).toMatchObject({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });

  it("carries validation issues", async () => {
    const client = createClient({ baseURL: server.url });
    const failure = (await client.signInEmail({ email: "", password: "x" }).catch((e: unknown) => e)) as ClientError;
    expect(failure.code).toBe("VALIDATION_ERROR");
    expect(failure.issues?.[0]?.path).toBe("email");
  });

  it("raises NetworkError when the server cannot be reached", async () => {
    const client = createClient({ baseURL: "http://127.0.0.1:9" });
    const failure = await client.ok().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).code).toBe("NETWORK_ERROR");
  });

  it("accepts an injected fetch", async () => {
    const seen: string[] = [];
    const client = createClient({
      baseURL: server.url,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await client.ok()).toEqual({ ok: true });
    expect(seen).toEqual([`${server.api}/ok`]);
  });
});
