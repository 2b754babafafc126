/**
 * The `user.additionalFields` setting, as better-auth's config has it: extra user fields an app
 * declares, e.g. `{ "favoriteColor": { "type": "string", "required": false } }`. Checked at start:
 * a name that is a built-in user field, a prototype key or not an identifier is a config error.
 */
import { z } from "zod";

export const FIELD_TYPES = ["string", "number", "boolean", "date", "string[]", "number[]"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Names the user already has on the wire or in the table (and a few reserved for them). */
export const BUILT_IN_USER_FIELDS = new Set([
  "id", "email", "name", "image", "emailVerified", "createdAt", "updatedAt", "role", "banned", "banReason", "banExpires",
  "username", "displayUsername", "language", "twoFactorEnabled", "lastSignInAt", "lastSignInMethod", "failedSignInCount",
  "lastFailedSignInAt", "lockedUntil", "additionalFields", "credentialEpoch", "password", "callbackURL", "rememberMe", "token", "data", "userId",
  "newPassword", "currentPassword", "isAnonymous", "phoneNumber", "phoneNumberVerified",
]);

const defaultValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.array(z.number())]);

export const additionalFieldSchema = z
  .object({
    type: z.enum(FIELD_TYPES),
    /** better-auth's runtime default: not required (a missing value is null, or the default). */
    required: z.boolean().default(false),
    defaultValue: defaultValue.optional(),
    /** false: users cannot set it (sign-up, update-user); administrators still can. */
    input: z.boolean().default(true),
    /** false: never part of a user shape on the wire. */
    returned: z.boolean().default(true),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.defaultValue !== undefined && !valueSchema(field.type).safeParse(field.defaultValue).success) {
      ctx.addIssue({ code: "custom", path: ["defaultValue"], message: `defaultValue is not a ${field.type}` });
    }
  });
export type AdditionalField = z.infer<typeof additionalFieldSchema>;

// Names are checked as keys, before the record is built (a `__proto__` key never reaches it).
const fieldName = z.string().superRefine((name, ctx) => {
  const problem = nameProblem(name);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const additionalFieldsSetting = z
  .preprocess((raw, ctx) => {
    // zod's record skips a `__proto__` key silently; a field the operator declared must not vanish.
    if (typeof raw === "object" && raw !== null && Object.hasOwn(raw, "__proto__")) {
      ctx.issues.push({ code: "custom", path: ["__proto__"], input: raw, message: `"__proto__" is a JavaScript object key and cannot be a field name` });
    }
    return raw;
  }, z.record(fieldName, additionalFieldSchema))
  .default({});

function nameProblem(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) return "a field name is a letter followed by letters, digits or _ (at most 64)";
  // `constructor`, `toString`, `__proto__`…: a lookup by such a name would reach Object.prototype.
  if (name in Object.prototype || name === "prototype") return `"${name}" is a JavaScript object key and cannot be a field name`;
  if (BUILT_IN_USER_FIELDS.has(name)) return `"${name}" is a built-in user field`;
  return undefined;
}

/** The wire form of one value of `type` (dates travel as ISO-8601 strings). */
export function valueSchema(type: FieldType): z.ZodType {
  switch (type) {
    case "string":
      return z.string().max(10_000);
    case "number":
      return z.number().finite();
    case "boolean":
      return z.boolean();
    case "date":
      return z.union([z.string().max(64), z.number().int()]).transform((value, ctx) => {
        const ms = typeof value === "number" ? value : Date.parse(value);
        if (!Number.isFinite(ms)) {
          ctx.addIssue({ code: "custom", message: "expected an ISO-8601 date" });
          return z.NEVER;
        }
        return new Date(ms).toISOString();
      });
    case "string[]":
      return z.array(z.string().max(10_000)).max(1000);
    case "number[]":
      return z.array(z.number().finite()).max(1000);
  }
}
