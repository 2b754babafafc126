/**
 * createClient(): one typed method per contract endpoint, for Node (global fetch is undici with
 * keep-alive) and the browser. No node:* imports here.
 */
import type { Contract, EndpointName, EndpointSpec, InputOf, ResponseOf } from "../contract/index.js";
import { ClientError, NetworkError } from "./client-error.js";
import type { Route, RouteTable } from "./routes.js";

export interface ClientOptions {
  /** Server origin, e.g. http://127.0.0.1:3000. */
  baseURL: string;
  /** Where the API is mounted; defaults to /api/auth. */
  basePath?: string;
  /** A session token sent as `Authorization: Bearer`. */
  token?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** Browser use: send cookies with requests. */
  credentials?: RequestCredentials;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** The captcha answer for a protected endpoint (GET /captcha/settings names them): sent as `x-captcha-response`. */
  captchaResponse?: string;
  signal?: AbortSignal;
}

/** Answer of an endpoint that redirected (mail links): where it sent the browser. */
export interface RedirectResult {
  redirect: string;
}

type Method<S extends EndpointSpec> = keyof InputOf<S> extends never
  ? (input?: InputOf<S>, options?: CallOptions) => Promise<ResponseOf<S>>
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "{} extends X": every field of X is optional
    {} extends InputOf<S>
    ? (input?: InputOf<S>, options?: CallOptions) => Promise<ResponseOf<S>>
    : (input: InputOf<S>, options?: CallOptions) => Promise<ResponseOf<S>>;

export type ApiMethods = { [K in EndpointName]: Method<Contract[K]> };

export interface LatchkeyClient extends ApiMethods {
  /** The bearer token in use (updated from `set-auth-token` answers). */
  readonly token: string | undefined;
  setToken(token: string | undefined): void;
  /** Absolute URL of an endpoint path, e.g. for links. */
  url(path: string): string;
}

/**
 * The client over a route table (method, path, path-parameter names per endpoint). The table is
 * plain data, so callers that must start fast (the CLI) pass the generated one and never load
 * zod or the schemas; `createClient` in index.ts derives it from the contract.
 */
export function createClientFromRoutes(routes: RouteTable, options: ClientOptions): LatchkeyClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const root = options.baseURL.replace(/\/+$/, "") + (options.basePath ?? "/api/auth");
  let token = options.token;

  async function call(spec: Route, input: Record<string, unknown> | undefined, callOptions?: CallOptions) {
    const remaining: Record<string, unknown> = { ...(input ?? {}) };
    let path = spec.path;
    for (const key of spec.params) {
      path = path.replace(`{${key}}`, encodeURIComponent(String(remaining[key] ?? "")));
      delete remaining[key];
    }
    const headers: Record<string, string> = { accept: "application/json", ...options.headers, ...callOptions?.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (callOptions?.captchaResponse) headers["x-captcha-response"] = callOptions.captchaResponse;
    let url = root + path;
    let body: string | undefined;
    if (spec.method === "GET") {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(remaining)) {
        if (value === undefined || value === null) continue;
        search.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
      }
      const text = search.toString();
      if (text) url += `?${text}`;
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(remaining);
    }

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: spec.method,
        headers,
        body,
        redirect: "manual",
        credentials: options.credentials,
        signal: callOptions?.signal,
      });
    } catch (error) {
      throw new NetworkError(`Could not reach ${options.baseURL}: ${(error as Error).message}`, error);
    }

    const issued = response.headers.get("set-auth-token");
    if (issued) token = issued;

    if (response.status >= 300 && response.status < 400) {
      return { redirect: response.headers.get("location") ?? "" } satisfies RedirectResult;
    }
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    const data: unknown = text && type.includes("json") ? safeParse(text) : text;
    if (!response.ok) {
      const payload = (data && typeof data === "object" ? data : {}) as { code?: string; message?: string; issues?: [] };
      throw new ClientError(
        response.status,
        payload.code ?? httpCode(response.status),
        payload.message ?? (response.statusText || `HTTP ${response.status}`),
        payload.issues,
      );
    }
    return text === "" ? null : data;
  }

  const client: Record<string, unknown> = {
    get token() {
      return token;
    },
    setToken(next: string | undefined) {
      token = next;
    },
    url(path: string) {
      return root + path;
    },
  };
  for (const [name, route] of Object.entries(routes)) {
    client[name] = (input?: Record<string, unknown>, callOptions?: CallOptions) => call(route, input, callOptions);
  }
  return client as unknown as LatchkeyClient;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function httpCode(status: number): string {
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "TOO_MANY_REQUESTS";
  return status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
}
