/**
 * Issue 20 item 7: Kysely applies migrations sorted by name and refuses a database whose recorded
 * names are not a prefix of that order. Names are therefore NNNN-topic, contiguous from 0001, the
 * index lists them in that order and names exactly the files in the folder; renamed ones map onto
 * names that exist.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "../../../server/db/migrations/index.js";
import { renamedMigrations } from "../../../server/db/migrations/renamed.js";

const folder = resolve(__dirname, "../../../server/db/migrations");
const names = Object.keys(migrations);

describe("migration names (#20)", () => {
  it("lists the migrations sorted by name, as Kysely will apply them", () => {
    expect(names).toEqual([...names].sort());
  });

  it("numbers them 0001, 0002, … with no gap and no repeat", () => {
    const numbers = names.map((name) => name.slice(0, 4));
    expect(names.every((name) => /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name))).toBe(true);
    expect(numbers).toEqual(names.map((_, i) => String(i + 1).padStart(4, "0")));
  });

  it("names exactly the migration files in the folder", () => {
    const files = readdirSync(folder)
      .filter((file) => /^\d{4}-.*\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ""));
    expect(files.sort()).toEqual(names);
  });

  it("renames old names onto current ones, and no old name is a current one", () => {
    for (const [oldName, newName] of Object.entries(renamedMigrations)) {
      expect(names).toContain(newName);
      expect(names).not.toContain(oldName);
    }
    // Applying the renames keeps the old order: the map is monotonic.
    const oldNames = Object.keys(renamedMigrations);
    expect(oldNames.map((name) => renamedMigrations[name])).toEqual([...oldNames].sort().map((name) => renamedMigrations[name]));
  });
});
