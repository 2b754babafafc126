/**
 * The bench's yardstick: a bare `node:http` server answering GET get-session with a
 * session-shaped JSON kept in memory (no routing library, no database, no validation). What it
 * reaches on these cores in the same run is the ceiling a Node auth server could approach;
 * Latchkey's get-session is reported as a share of it (issue 12 item 9).
 */
import { createServer } from "node:http";

const port = Number(process.env.BARE_PORT ?? 0);
const token = process.env.BARE_TOKEN ?? "bench-token";
const now = new Date().toISOString();
// The same shape and size get-session answers: a session and its user.
const body = JSON.stringify({
  session: {
    id: "9FzZ2kq4m1XnJ0bYV3cW8tR5",
    token,
    userId: "u7Qh3Lx9Wb2Nc5Rk8Tm1Vp4J",
    expiresAt: new Date(Date.now() + 7 * 864e5).toISOString(),
    createdAt: now,
    updatedAt: now,
    ipAddress: "127.0.0.1",
    userAgent: "wrk",
    impersonatedBy: null,
    activeOrganizationId: null,
    activeTeamId: null,
  },
  user: {
    id: "u7Qh3Lx9Wb2Nc5Rk8Tm1Vp4J",
    name: "Bench",
    email: "bench@example.com",
    emailVerified: false,
    image: null,
    createdAt: now,
    updatedAt: now,
    username: null,
    displayUsername: null,
    role: "user",
    banned: false,
    banReason: null,
    banExpires: null,
  },
});

const server = createServer((request, response) => {
  // Still checks the bearer token, so the comparison is like for like in spirit.
  if (request.headers.authorization !== `Bearer ${token}`) {
    response.writeHead(200, { "content-type": "application/json" }).end("null");
    return;
  }
  response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
});
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === "object" && address ? address.port : port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
