/** Fitting tables to a terminal (#25): pure layout, fixed clock, no terminal needed. */
import { describe, expect, it } from "vitest";
import { cutCell, GAP, header, layoutTable, relativeTime } from "../../cli/views/table-layout.js";

const NOW = Date.parse("2026-11-25T12:00:00.000Z");
const COLUMNS = ["id", "email", "name", "role", "banned", "emailVerified", "createdAt"];
const IMPORTANCE = ["email", "role", "banned", "name", "createdAt", "emailVerified", "id"];
const rows = [
  { id: "9f86d081884c7d659a2feaa0c55ad015", email: "margaret.hamilton@apollo-guidance.example", name: "Margaret Hamilton, Lead of Software Engineering", role: "admin", banned: false, emailVerified: true, createdAt: "2026-11-25T11:57:00.000Z" },
  { id: "a1b2c3d4e5f60718293a4b5c6d7e8f90", email: "eve@example.com", name: "Eve", role: "user", banned: true, emailVerified: false, createdAt: "2026-11-23T12:00:00.000Z" },
];

/** Columns start where the header's do, with at least GAP spaces before each. */
function rendered(layout: ReturnType<typeof layoutTable>): string[] {
  const line = (values: string[]) => values.map((value, i) => (i === values.length - 1 ? value : value.padEnd(layout.widths[i]! + GAP))).join("").trimEnd();
  return [line(layout.header), ...layout.cells.map(line)];
}

describe("table layout", () => {
  it("at 80 columns keeps two spaces between columns, drops the least important first and keeps the email whole (#25)", () => {
    const layout = layoutTable({ rows, columns: COLUMNS, importance: IMPORTANCE, width: 80, now: NOW, language: "en" });
    expect(layout.columns[0]).not.toBe("id");
    expect(layout.hidden).toContain("id");
    expect(layout.columns).toContain("email");
    expect(layout.cells[0]![layout.columns.indexOf("email")]).toBe("margaret.hamilton@apollo-guidance.example");
    for (const line of rendered(layout)) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    const widths = layout.widths;
    expect(widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1)).toBeLessThanOrEqual(80);
    // The name is cut with "…", the email is not.
    expect(layout.cells[0]!.some((cell) => cell.endsWith("…"))).toBe(true);
    expect(layout.header).not.toContain("EMAILVERIFIED");
  });

  it("names headers in words and shows times relative, ban ends included even as epoch milliseconds (#25)", () => {
    expect(["emailVerified", "createdAt", "lastSignInAt", "ipAddress", "banExpires"].map(header)).toEqual(["VERIFIED", "CREATED", "LAST SIGN-IN", "IP ADDRESS", "BAN ENDS"]);
    const layout = layoutTable({ rows: [{ email: "a@example.com", banExpires: NOW + 2 * 86_400_000, createdAt: "2026-11-25T11:57:00.000Z" }], columns: ["email", "banExpires", "createdAt"], width: Infinity, now: NOW, language: "en" });
    expect(layout.cells[0]).toEqual(["a@example.com", "in 2 days", "3 minutes ago"]);
    expect(relativeTime("2026-11-25T11:59:48.000Z", NOW, "de")).toBe("vor 12 Sekunden");
  });

  it("off a terminal (no width limit) shows every column whole", () => {
    const layout = layoutTable({ rows, columns: COLUMNS, importance: IMPORTANCE, width: Infinity, now: NOW, language: "en" });
    expect(layout.columns).toEqual(COLUMNS);
    expect(layout.hidden).toEqual([]);
    expect(layout.cells.flat().some((cell) => cell.endsWith("…"))).toBe(false);
  });

  it("--columns picks columns by key or header word, in the order given, and refuses an unknown one", () => {
    const layout = layoutTable({ rows, columns: COLUMNS, importance: IMPORTANCE, chosen: "id,verified,created", width: 80, now: NOW, language: "en" });
    expect(layout.header).toEqual(["ID", "VERIFIED", "CREATED"]);
    expect(layout.hidden).toEqual([]);
    expect(() => layoutTable({ rows, columns: COLUMNS, chosen: "email,shoe-size", width: 80, now: NOW, language: "en" })).toThrow(/Unknown column "shoe-size".*email/);
  });

  it("on a screen narrower than the identity alone cuts it rather than overflow", () => {
    const layout = layoutTable({ rows, columns: COLUMNS, importance: IMPORTANCE, width: 20, now: NOW, language: "en" });
    expect(layout.columns).toEqual(["email"]);
    expect(layout.cells[0]![0]).toBe("margaret.hamilton@a…");
  });

  it("never cuts inside an email address: the cut falls on the space before it (#25)", () => {
    const reason = "Spam reported by margaret.hamilton@apollo-guidance.example on Monday";
    expect(cutCell(reason, 30)).toBe("Spam reported by…");
    expect(cutCell(reason, 60)).toBe("Spam reported by margaret.hamilton@apollo-guidance.example…");
    expect(cutCell("user.ban-and-more-words", 10)).toBe("user.ban-…");
    const events = [
      { action: "user.ban", reason, actorId: "9f86d081884c7d659a2feaa0c55ad015" },
      { action: "user.sign-in", reason: "Complaint from eve@example.com", actorId: "a1b2c3d4e5f60718293a4b5c6d7e8f90" },
    ];
    const layout = layoutTable({ rows: events, columns: ["action", "actorId", "reason"], width: 80, now: NOW, language: "en" });
    const at = layout.columns.indexOf("reason");
    expect(at).toBeGreaterThan(-1);
    // The column keeps room for the longest address; cells are cut before an address, never in it.
    expect(layout.widths[at]).toBeGreaterThanOrEqual("margaret.hamilton@apollo-guidance.example".length);
    for (const cell of layout.cells.map((row) => row[at]!)) {
      for (const word of cell.replace(/…$/, "").split(" ")) if (word.includes("@")) expect(["margaret.hamilton@apollo-guidance.example", "eve@example.com"]).toContain(word);
    }
    expect(layout.cells[0]![at]).toBe("Spam reported by…");
  });

  it("at 80 columns never cuts a relative time and cuts a name only between words (#33)", () => {
    const people = [
      { email: "margaret.hamilton@apollo-guidance.example", name: "Margaret Hamilton, Lead of Software Engineering", role: "admin", createdAt: "2026-11-25T11:59:52.000Z" },
      { email: "eve@example.com", name: "Eve Polastri", role: "user", createdAt: "2026-11-25T11:59:52.000Z" },
    ];
    const layout = layoutTable({ rows: people, columns: ["email", "name", "role", "createdAt"], importance: ["email", "role", "name", "createdAt"], width: 80, now: NOW, language: "en" });
    for (const line of rendered(layout)) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    // Before: "8 seconds a…". Now the time is whole, or its column is left out and named.
    const at = layout.columns.indexOf("createdAt");
    if (at >= 0) for (const row of layout.cells) expect(row[at]).toBe("8 seconds ago");
    else expect(layout.hidden).toContain("createdAt");
    const name = layout.columns.indexOf("name");
    expect(name).toBeGreaterThan(-1);
    people.forEach((person, i) => {
      const cell = layout.cells[i]![name]!;
      if (!cell.endsWith("…")) expect(cell).toBe(person.name);
      else expect(person.name.startsWith(`${cell.slice(0, -1)} `), cell).toBe(true);
    });
    expect(layout.cells[0]![name]).toMatch(/…$/);
    // At a width with no room for the time whole, it is left out rather than cut.
    const narrow = layoutTable({ rows: people, columns: ["email", "name", "role", "createdAt"], importance: ["email", "role", "name", "createdAt"], width: 70, now: NOW, language: "en" });
    expect(narrow.hidden).toContain("createdAt");
    expect(narrow.cells.flat()).not.toContain("8 seconds a…");
  });
});
