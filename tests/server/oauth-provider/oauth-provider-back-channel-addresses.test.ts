/**
 * Issue 32, finding 6: a self-registered app's back-channel logout URI (anyone may register one
 * when dynamic registration is on) must not make the server POST into its own network. Every
 * loopback, private, link-local and IPv4-as-IPv6 spelling is refused at registration, names are
 * resolved and checked too, and at delivery the connection goes only to a public address that
 * was checked then — a name that turned to 127.0.0.1 after registration (DNS rebinding) reaches
 * nothing. The server's resolver is the test's (a table), the listener a real TCP socket.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const dns = new Map<string, string[]>([
  ["public.example.test", ["93.184.216.34"]],
  ["internal.example.test", ["10.0.0.7"]],
  ["mixed.example.test", ["93.184.216.34", "127.0.0.1"]],
  ["metadata.example.test", ["169.254.169.254"]],
  ["rebind.example.test", ["93.184.216.34"]],
]);

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let adminToken: string;
let listener: Server;
let port: number;
const connections: Socket[] = [];
const warnings: Array<{ msg: string; clientId?: string; err?: { message: string } }> = [];

beforeAll(async () => {
  listener = createServer((socket) => {
    connections.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as AddressInfo).port;
  const stream = { write: (line: string) => void warnings.push(JSON.parse(line) as (typeof warnings)[number]) };
  server = await startTestServer({
    config: { oauthProvider: { enabled: true, allowDynamicClientRegistration: true }, rateLimit: { enabled: false } },
    logger: { level: "warn", stream },
    resolveHost: async (name) => {
      const found = dns.get(name);
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
      return found;
    },
  });
  const admin = await server.signUp({ email: "bca-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
  rp = relyingParty(server, adminToken);
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const register = (backchannel_logout_uri: string) => server.request("POST", "/oauth2/register", { body: { client_name: "Self-made", redirect_uris: [REDIRECT], backchannel_logout_uri } });

describe.sequential("self-registered back-channel logout URIs", () => {
  it("refuses every non-public address at registration, however it is written", async () => {
    for (const uri of [
      "https://127.0.0.2/logout",
      "https://0.0.0.0/logout",
      "https://[::ffff:127.0.0.1]/logout",
      "https://[::ffff:7f00:1]/logout",
      "https://[::]/logout",
      "https://2130706433/logout",
      "https://10.1.2.3/logout",
      "https://172.16.0.1/logout",
      "https://192.168.1.1/logout",
      "https://100.64.0.1/logout",
      "https://169.254.169.254/latest/meta-data",
      "https://[fe80::1]/logout",
      "https://[fd00::1]/logout",
      "https://[64:ff9b::a00:1]/logout",
      "https://app.localhost/logout",
      "https://internal.example.test/logout",
      "https://mixed.example.test/logout",
      "https://metadata.example.test/logout",
    ]) {
      const answer = await register(uri);
      expect([uri, answer.status, answer.body.error]).toEqual([uri, 400, "invalid_client_metadata"]);
    }
    for (const uri of ["https://public.example.test/logout", "https://93.184.216.34/logout", "https://not-yet-in-dns.example.test/logout"]) {
      expect([uri, (await register(uri)).status]).toEqual([uri, 201]);
    }
    // An administrator's app keeps the loopback exception (a local app in development).
    const admins = await server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body: { client_name: "Local", redirect_uris: [REDIRECT], backchannel_logout_uri: "http://127.0.0.1:8080/logout" } });
    expect(admins.status).toBe(200);
    // The internal mark never reaches the wire.
    const self = await register("https://public.example.test/other");
    expect(self.body).not.toHaveProperty("self_registered");
  });

  it("delivers nothing to a name that points at the server's own network by the time of logout", async () => {
    const registered = await register(`https://rebind.example.test:${port}/logout`);
    expect(registered.status).toBe(201);
    const app = registered.body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bca-person@example.com" });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const flow = await rp.authorize(config, jar);
    const request = new URL(flow.location).searchParams.get("request")!;
    const allow = await jar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: true, request }) });
    const callback = ((await allow.json()) as { redirect_uri: string }).redirect_uri;
    await oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });

    dns.set("rebind.example.test", ["127.0.0.1"]);
    const out = await jar.fetch(`${server.api}/sign-out`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    const deadline = Date.now() + 10_000;
    const failed = () => warnings.find((w) => w.clientId === app.client_id && w.msg === "back-channel logout failed");
    while (!failed() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(failed()?.err?.message).toBe("rebind.example.test does not resolve to a public address");
    expect(connections).toHaveLength(0);
  });
});
