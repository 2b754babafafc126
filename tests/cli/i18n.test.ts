/** The CLI in the operator's language (issue 13): LC_ALL > LC_MESSAGES > LANG; --json unchanged. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let token: string;
const email = "operator@example.com";
const password = "correct horse battery";
const locale = (LANG: string | undefined, extra: Record<string, string | undefined> = {}) => ({ LANG, LC_ALL: undefined, LC_MESSAGES: undefined, LANGUAGE: undefined, ...extra });
const turkish = locale("tr_TR.UTF-8");

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await server.signUp({ email, password, name: "Operator" }));
  cli = cliFor(server, { token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth in Turkish (LANG=tr_TR.UTF-8)", () => {
  it("shows help headings, command and option descriptions in Turkish", async () => {
    const result = await cli.run(["--help"], { env: turkish });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Kullanım: auth");
    expect(result.stdout).toContain("Seçenekler:");
    expect(result.stdout).toContain("Komutlar:");
    expect(result.stdout).toContain("kullanıcıları, oturumları ve denetim günlüğünü yönet");
    expect(result.stdout).toContain("yalnızca tek bir JSON belgesi yazdır");
    expect(result.stdout).not.toContain("Usage:");
    expect(result.stdout).not.toContain("display help for command");
  });

  it("words a server error by its code with the console’s error texts, and keeps the code", async () => {
    const result = await cli.run(["login", "--email", email, "--password-stdin"], { env: turkish, input: "wrong password\n", token: null });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("hata: E-posta veya parola geçersiz. (INVALID_EMAIL_OR_PASSWORD)");
  });

  it("asks for --yes off a terminal in Turkish, with the usage exit code", async () => {
    const result = await cli.run(["sessions", "revoke-others"], { env: turkish });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("hata: Diğer tüm oturumlarınız sonlandırılsın mı? --yes olmadan hiçbir şey yapılmaz");
  });

  it("prints the same --json document as in English", async () => {
    const tr = await cli.run(["whoami", "--json"], { env: turkish });
    const en = await cli.run(["whoami", "--json"], { env: locale("C") });
    expect(tr.code).toBe(0);
    expect(Object.keys(tr.json()).sort()).toEqual(Object.keys(en.json()).sort());
    expect(tr.json().user).toEqual(en.json().user);
    expect(tr.stdout).not.toMatch(/[çğıöşü]/i);
  });
});

describe("choosing the CLI's language", () => {
  it("lets LC_ALL win over LANG, and LC_MESSAGES over LANG", async () => {
    const all = await cli.run(["sessions", "revoke-others"], { env: locale("tr_TR.UTF-8", { LC_ALL: "de_DE.UTF-8" }) });
    expect(all.stderr).toContain("Fehler: Alle Ihre anderen Sitzungen beenden?");
    const messages = await cli.run(["sessions", "revoke-others"], { env: locale("tr_TR.UTF-8", { LC_MESSAGES: "pl_PL.UTF-8" }) });
    expect(messages.stderr).toContain("błąd: Zakończyć wszystkie pozostałe sesje tego konta?");
  });

  it("speaks English for C, POSIX and languages it does not have", async () => {
    for (const LANG of ["C", "POSIX", "ja_JP.UTF-8", undefined]) {
      const result = await cli.run(["sessions", "revoke-others"], { env: locale(LANG) });
      expect(result.stderr, String(LANG)).toContain("error: End every other session of yours? Refusing without --yes");
    }
  });

  it("keeps the server's English message for a code it has no words for", async () => {
    const result = await cli.run(["admin", "users", "list"], { env: turkish });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^hata: .*\(/m);
  });
});

describe("users export and import", () => {
  it("carry the language column (CSV)", async () => {
    await server.database.db.updateTable("user").set({ role: "admin", language: "tr" }).where("email", "=", email).execute();
    const exported = await cli.run(["admin", "users", "export", "--format", "csv"], { env: turkish });
    expect(exported.code).toBe(0);
    const [header, ...rows] = exported.stdout.trim().split("\n");
    const columns = header!.split(",");
    expect(columns).toContain("language");
    const mine = rows.find((row) => row.includes(email))!.split(",");
    expect(mine[columns.indexOf("language")]).toBe("tr");
    const csv = `email,name,language\nimported-pl@example.com,Imported,pl\n`;
    const imported = await cli.run(["admin", "users", "import", "-", "--format", "csv", "--yes"], { env: turkish, input: csv });
    expect(imported.code, imported.stderr).toBe(0);
    const user = await server.database.db.selectFrom("user").select("language").where("email", "=", "imported-pl@example.com").executeTakeFirstOrThrow();
    expect(user.language).toBe("pl");
  });
});

