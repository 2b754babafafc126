/**
 * A real DNS server on loopback (dns2, UDP) answering TXT records a test publishes: the SSO
 * domain verification asks it through `sso.domainVerification.dnsServers`, with node's own resolver,
 * as it would ask a public DNS server. Names it does not hold get an empty answer (no such record).
 */
import type { AddressInfo } from "node:net";
import dns2 from "dns2";

export interface TestDns {
  /** `127.0.0.1:<port>`, for `dnsServers`. */
  address: string;
  /** TXT values by fully qualified name (lower case, no trailing dot). */
  txt: Map<string, string[]>;
  /** The names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDns(): Promise<TestDns> {
  const txt = new Map<string, string[]>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: { type: "udp4" },
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, "");
        asked.push(name);
        for (const value of txt.get(name) ?? []) {
          response.answers.push({ name: question.name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 1, data: value } as never);
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (server.addresses().udp as AddressInfo).port;
  return { address: `127.0.0.1:${port}`, txt, asked, close: () => server.close() };
}
