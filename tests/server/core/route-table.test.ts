import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderRouteTable } from "../../../scripts/generate-route-table.js";
import { contract, type EndpointSpec } from "../../../shared/contract/index.js";
import { routeTable } from "../../../shared/client/route-table.generated.js";

describe("generated route table", () => {
  it("is up to date with the contract (run `npm run generate` if this fails)", () => {
    const onDisk = readFileSync(new URL("../../../shared/client/route-table.generated.ts", import.meta.url), "utf8");
    expect(onDisk).toBe(renderRouteTable());
  });

  it("names every endpoint with its method, path and path parameters", () => {
    expect(Object.keys(routeTable).sort()).toEqual(Object.keys(contract).sort());
    for (const [name, spec] of Object.entries(contract) as Array<[string, EndpointSpec]>) {
      const route = routeTable[name as keyof typeof routeTable];
      expect(route).toEqual({ method: spec.method, path: spec.path, params: Object.keys(spec.params?.shape ?? {}) });
    }
  });
});
