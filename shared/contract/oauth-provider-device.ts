/**
 * The device authorization grant (RFC 8628, issue 34 items 5 and 6): a TV, a terminal or
 * `auth login --device` shows a short code; the person types it on the console's /device page,
 * signs in there by any method and approves or denies.
 *
 * - /oauth2/device-authorization: an app of the OpenID provider asks for a code pair (client
 *   authentication as at the token endpoint; only apps registered with the device_code grant).
 *   The token endpoint's `urn:ietf:params:oauth:grant-type:device_code` grant then polls.
 * - /device/details and /device/decide: the approval page's endpoints (the person's own session).
 * - /cli/sign-in/device and /cli/sign-in/device/token: the command line's own flow, for the
 *   built-in client that is not an app (docs/architecture.md, "The command line's device sign-in"):
 *   it ends in a Latchkey session through the sign-in core, not in OAuth tokens.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { userSchema } from "./schemas.js";

const protocolString = z.string().max(8192).optional();
const userCodeField = z.string().min(1).max(32);
const deviceCodeField = z.string().min(1).max(128);

/** RFC 8628 §3.2's answer; the CLI's start answers the same shape. */
const deviceAuthorizationSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number(),
  interval: z.number(),
});

export const oauthProviderDeviceEndpoints = {
  oauth2DeviceAuthorization: endpoint({
    method: "POST",
    path: "/oauth2/device-authorization",
    summary: "Device authorization (RFC 8628 §3.1): a device code to poll the token endpoint with and a user code the person types at verification_uri; only apps registered with the device_code grant",
    tags: ["oauth-provider"],
    access: "public",
    oauthProtocol: true,
    body: z.object({ scope: protocolString, client_id: protocolString, client_secret: protocolString }).strict(),
    response: z.union([deviceAuthorizationSchema, z.object({ error: z.string(), error_description: z.string().optional() })]),
  }),
  deviceDetails: endpoint({
    method: "GET",
    path: "/device/details",
    summary: "The approval page: what a typed user code asks for (the app and its scopes, or the command line and its host). A wrong code counts against the account (5, then 429 for 15 minutes)",
    tags: ["oauth-provider"],
    access: "session",
    credentials: "grant",
    query: z.object({ user_code: userCodeField }).strict(),
    response: z.object({
      /** As it should be shown: XXXX-XXXX. */
      userCode: z.string(),
      kind: z.enum(["app", "cli"]),
      /** The app (kind "app"): its public face. */
      client: z.object({ client_id: z.string(), client_name: z.string().optional(), client_uri: z.string().optional(), logo_uri: z.string().optional() }).nullable(),
      scopes: z.array(z.string()),
      /** The command line's machine (kind "cli"), as it named itself. */
      host: z.string().nullable(),
      account: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    }),
  }),
  deviceDecide: endpoint({
    method: "POST",
    path: "/device/decide",
    summary: "Approve or deny a device's request. Approval checks the app's access rules; one code, one answer. The person's own session only: never an API key or an impersonation",
    tags: ["oauth-provider"],
    access: "session",
    credentials: "grant",
    body: z.object({ user_code: userCodeField, accept: z.boolean() }).strict(),
    response: z.object({ success: z.literal(true) }),
  }),
  cliDeviceStart: endpoint({
    method: "POST",
    path: "/cli/sign-in/device",
    summary: "auth login --device: a device code for the built-in command-line client and the user code the person approves at verification_uri — Latchkey extension",
    tags: ["oauth-provider"],
    access: "public",
    body: z
      .object({
        /** The machine the CLI runs on, shown on the approval page. */
        host: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u),
      })
      .strict(),
    response: deviceAuthorizationSchema,
  }),
  cliDeviceToken: endpoint({
    method: "POST",
    path: "/cli/sign-in/device/token",
    summary:
      "auth login --device: poll with the device code; once approved, a session for the command line through the sign-in core (DEVICE_AUTHORIZATION_PENDING, DEVICE_SLOW_DOWN, DEVICE_CODE_EXPIRED, DEVICE_ACCESS_DENIED until then) — Latchkey extension",
    tags: ["oauth-provider"],
    access: "public",
    startsSession: "hand-off",
    body: z.object({ device_code: deviceCodeField }).strict(),
    response: z.object({ token: z.string(), user: userSchema }),
  }),
} as const;
