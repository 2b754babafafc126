export { createClient } from "./create-client.js";
export { createClientFromRoutes, type ClientOptions, type CallOptions, type LatchkeyClient, type RedirectResult } from "./client-core.js";
export { ClientError, NetworkError } from "./client-error.js";
