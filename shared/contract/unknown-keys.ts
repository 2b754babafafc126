/**
 * better-auth ignores body and query keys it does not know (its schemas are zod's default,
 * stripping objects), so apps send spare form inputs or fields their own config adds. Contract
 * schemas are written `.strict()` so the typed client and the docs name every field; at
 * declaration time `endpoint()` turns them into stripping copies, recursively, unless the
 * endpoint says `unknownKeys: "reject"` (docs/architecture.md, "Unknown keys").
 */
import type { z } from "zod";

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } }; clone(def: object): z.ZodType };

/** A copy of `schema` whose objects, at any depth, drop unknown keys instead of refusing them. */
export function stripUnknownKeys<T extends z.ZodType>(schema: T): T {
  return relax(schema as unknown as Node) as unknown as T;
}

function relax(node: Node): Node {
  const def = node._zod.def;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, Node>;
      const relaxedShape: Record<string, Node> = {};
      for (const key of Object.keys(shape)) relaxedShape[key] = relax(shape[key] as Node);
      const catchall = def.catchall as Node | undefined;
      // Only "never" (strict) changes; an explicit catch-all (passthrough, a record-like object) stays.
      const keepCatchall = catchall && catchall._zod.def.type !== "never" ? catchall : undefined;
      return node.clone({ ...def, shape: relaxedShape, catchall: keepCatchall }) as Node;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      return node.clone({ ...def, innerType: relax(def.innerType as Node) }) as Node;
    case "array":
      return node.clone({ ...def, element: relax(def.element as Node) }) as Node;
    case "union":
      return node.clone({ ...def, options: (def.options as Node[]).map(relax) }) as Node;
    case "pipe":
      return node.clone({ ...def, in: relax(def.in as Node), out: relax(def.out as Node) }) as Node;
    default:
      return node;
  }
}
