/**
 * The container image's files as self-hosters read them (issue 42): compose.yaml, the Dockerfile
 * and the systemd unit cannot run here without an image registry (npm run test:container builds
 * and runs the image itself); their structure is checked here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { unknownEnvVariables } from "../../server/config.js";
import { FILE_ENV_VARIABLES } from "../../server/env-files.js";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  healthcheck?: { test: string[] };
}
interface Compose {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
}

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml")) as Compose;
  const latchkey = compose.services.latchkey!;
  const postgres = compose.services.postgres!;

  it("runs PostgreSQL 17 with a health check, and Latchkey only once it is healthy", () => {
    expect(postgres.image).toMatch(/^postgres:17(\b|-)/);
    expect(postgres.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(latchkey.depends_on?.postgres).toEqual({ condition: "service_healthy" });
    expect(latchkey.build).toBe(".");
  });

  it("gives every secret as a file from compose secrets, none in the environment", () => {
    const env = latchkey.environment!;
    expect(env.AUTH_SECRET_FILE).toBe("/run/secrets/auth_secret");
    expect(env.AUTH_DB_FILE).toBe("/run/secrets/database_url");
    for (const name of FILE_ENV_VARIABLES) expect(env[name] ?? "", name).not.toMatch(/^[^$]/);
    expect(latchkey.secrets).toEqual(expect.arrayContaining(["auth_secret", "database_url"]));
    expect(postgres.environment?.POSTGRES_PASSWORD_FILE).toBe("/run/secrets/postgres_password");
    expect(postgres.environment).not.toHaveProperty("POSTGRES_PASSWORD");
    for (const name of [...latchkey.secrets!, ...postgres.secrets!]) expect(compose.secrets[name]?.file, name).toMatch(/^\.\/secrets\//);
    // Every variable it sets is one Latchkey reads (a typo would refuse to start).
    expect(unknownEnvVariables(Object.fromEntries(Object.keys(env).map((name) => [name, "x"])))).toEqual([]);
  });

  it("keeps Latchkey's and PostgreSQL's data in named volumes", () => {
    expect(latchkey.volumes).toContain("latchkey-data:/data");
    expect(postgres.volumes).toContain("postgres-data:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes).sort()).toEqual(["latchkey-data", "postgres-data"]);
  });

  it("offers Redis for several replicas behind the redis profile only", () => {
    const redis = compose.services.redis!;
    expect(redis.profiles).toEqual(["redis"]);
    expect(redis.healthcheck?.test).toContain("ping");
    expect(latchkey.depends_on?.redis).toEqual({ condition: "service_healthy", required: false });
    expect(latchkey.environment?.AUTH_REDIS_URL).toBe("${AUTH_REDIS_URL:-}");
    for (const [name, service] of Object.entries(compose.services)) if (name !== "redis") expect(service.profiles, name).toBeUndefined();
    // A port range: each of up to four replicas gets its own host port, on loopback.
    expect(latchkey.ports).toEqual(["127.0.0.1:3000-3003:3000"]);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"));

  it("builds both stages from NODE_IMAGE, node:22-bookworm-slim by default", () => {
    expect(instructions[0]).toBe("ARG NODE_IMAGE=node:22-bookworm-slim");
    const from = instructions.filter((line) => line.startsWith("FROM "));
    expect(from).toEqual(["FROM ${NODE_IMAGE} AS build", "FROM ${NODE_IMAGE}"]);
  });

  it("runs as node, keeps data in /data, listens on 0.0.0.0:3000, checks /ready, runs `auth server start` as PID 1", () => {
    const runtime = instructions.slice(instructions.lastIndexOf("FROM ${NODE_IMAGE}"));
    expect(runtime).toContain("USER node");
    expect(runtime).toContain("VOLUME /data");
    expect(runtime).toContain("EXPOSE 3000");
    expect(runtime.join("\n")).toMatch(/AUTH_HOST=0\.0\.0\.0/);
    expect(runtime.find((line) => line.startsWith("HEALTHCHECK"))).toContain("/api/auth/ready");
    expect(runtime.at(-1)).toBe('CMD ["node", "/app/bin/auth.js", "server", "start"]');
    // Production dependencies only: the build stage prunes the rest before the runtime copies it.
    expect(dockerfile).toContain("npm prune --omit=dev");
    expect(dockerfile).toContain("ELECTRON_SKIP_BINARY_DOWNLOAD=1");
  });

  it("sets none of the secret-bearing variables, so their _FILE forms never clash with the image's own", () => {
    for (const name of FILE_ENV_VARIABLES) expect(dockerfile, name).not.toMatch(new RegExp(`\\b${name}=`));
  });

  it("leaves local data, secrets and built output out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of [".git", "node_modules", "dist", "data", "**/*.db", "**/*.secret", ".env"]) expect(ignored, entry).toContain(entry);
  });
});

describe("deploy/latchkey.service", () => {
  const unit = read("deploy/latchkey.service");
  const settings = unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));

  it("carries the hardening options", () => {
    for (const option of ["DynamicUser=yes", "StateDirectory=latchkey", "ProtectSystem=strict", "NoNewPrivileges=yes", "PrivateTmp=yes", "ProtectHome=yes"]) {
      expect(settings, option).toContain(option);
    }
    // Node's JIT writes executable memory: MemoryDenyWriteExecute would kill it.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  });

  it("hands the secret over as a credential file, not in the environment", () => {
    expect(settings).toContain("LoadCredential=auth_secret:/etc/latchkey/secret");
    expect(settings).toContain("Environment=AUTH_SECRET_FILE=%d/auth_secret");
    expect(settings.some((line) => line.startsWith("Environment=AUTH_SECRET="))).toBe(false);
    expect(settings).toContain("ExecStart=/usr/bin/node /opt/latchkey/bin/auth.js server start");
  });
});
