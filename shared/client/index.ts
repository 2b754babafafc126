export { createClient, type ClientOptions, type CallOptions, type LatchkeyClient, type RedirectResult } from "./create-client.js";
export { ClientError, NetworkError } from "./client-error.js";
