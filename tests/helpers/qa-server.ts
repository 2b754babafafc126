/**
 * A server started as `auth server start` on a database seeded with the `qa` scenario (issue 39),
 * and the API calls the CLI's snapshot tests make against it: sign in as a persona
 * (`member@qa.example.com` / `qa-member-pass`), then act with its bearer token.
 */
import { freePort, startCliServer } from "./run-cli.js";

/** The environment of an `auth` run that reads no config or database from the machine, in English. */
export const cliEnv = (secret: string) => ({ AUTH_SECRET: secret, AUTH_DB: undefined, AUTH_CONFIG: undefined, LANG: "C", LC_ALL: undefined, LC_MESSAGES: undefined });

/** `auth server start <args> --port <free> --no-rate-limit` (the personas sign in many times), with its URL. */
export async function startQaServer(args: string[], secret: string) {
  const port = await freePort();
  const server = await startCliServer([...args, "--port", String(port), "--no-rate-limit"], { env: { AUTH_SECRET: secret, NODE_ENV: "test" } });
  return { ...server, url: `http://127.0.0.1:${port}` };
}

/** A JSON POST to `url`'s API as a browser on that origin would send it, with a bearer token if given. */
export async function callApi(url: string, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { origin: url, "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** Signs in as a `qa` persona (`member`, `admin`, …) with its published password. */
export const signInPersona = (url: string, who: string) => callApi(url, "/sign-in/email", { email: `${who}@qa.example.com`, password: `qa-${who}-pass` });
