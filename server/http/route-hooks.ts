/**
 * What features add to a request without the http layer knowing them (issue 20, item 4): the way
 * better-auth plugins add `hooks.before/after` and Hono middleware wraps a route. A feature exports
 * a `RouteHook`; server/features/index.ts lists them in order; register-routes binds each hook to
 * each endpoint once, at start-up, and runs the stages it returned in that order. A hook that has
 * nothing to do for an endpoint (or for this server's configuration) returns undefined, so it costs
 * nothing per request.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { EndpointName, EndpointSpec } from "../../shared/contract/index.js";
import type { AppContext } from "../context.js";
import type { RequestMeta } from "../core/session/service.js";
import type { AuthState } from "./handler.js";

/** A credential other than the session (an API key header): claimed requests skip the session caches and lookup. */
export interface CredentialStage {
  /** The credential, read from the headers alone (cheap: runs before the answer cache). */
  read(headers: IncomingHttpHeaders): string | undefined;
  /** Who the credential names; throws the typed error explaining a refusal. */
  authenticate(credential: string, meta: RequestMeta): Promise<AuthState>;
}

/** What a beforeHandler stage may look at: the headers and the caller's address. */
export interface GateRequest {
  headers: IncomingHttpHeaders;
  ip: string;
  /** Whether a session or another credential names the caller. */
  signedIn: boolean;
  /** The validated body (a throttle that depends on what is asked, e.g. an email code's type). */
  body: Readonly<Record<string, unknown>>;
}

/** The stages one hook adds to one endpoint, each optional, in the order a request meets them. */
export interface RouteStages {
  /** Wraps the whole request, caches and session lookup included (request-scoped state). */
  aroundRequest?<T>(run: () => T): T;
  /** Amends the validated body from the raw one (fields the contract cannot know). */
  amendBody?(raw: unknown, parsed: Record<string, unknown>): void;
  credential?: CredentialStage;
  /** Once a session names the caller (not for another credential): may refuse the request. */
  afterAuth?(auth: AuthState): Promise<void>;
  /** Before the handler, signed in or not, once the body is valid: may refuse the request (a captcha). */
  beforeHandler?(request: GateRequest): Promise<void>;
  /** Wraps whatever runs as the caller (the handler, a permission check). */
  asCaller?<T>(auth: AuthState, run: () => T): T;
  /** After the handler, before the answer is sent: may add headers. */
  onAnswer?(result: unknown, auth: AuthState | null, setHeader: (name: string, value: string) => void): Promise<void>;
}

export type RouteHook = (app: AppContext, name: EndpointName, spec: EndpointSpec) => RouteStages | undefined;

/** Every stage of every hook bound to one endpoint, in hook order. */
export interface BoundStages {
  aroundRequest: Array<NonNullable<RouteStages["aroundRequest"]>>;
  amendBody: Array<NonNullable<RouteStages["amendBody"]>>;
  credential: CredentialStage[];
  afterAuth: Array<NonNullable<RouteStages["afterAuth"]>>;
  beforeHandler: Array<NonNullable<RouteStages["beforeHandler"]>>;
  asCaller: Array<NonNullable<RouteStages["asCaller"]>>;
  onAnswer: Array<NonNullable<RouteStages["onAnswer"]>>;
}

export function bindHooks(hooks: readonly RouteHook[], app: AppContext, name: EndpointName, spec: EndpointSpec): BoundStages {
  const bound: BoundStages = { aroundRequest: [], amendBody: [], credential: [], afterAuth: [], beforeHandler: [], asCaller: [], onAnswer: [] };
  for (const hook of hooks) {
    const stages = hook(app, name, spec);
    if (!stages) continue;
    if (stages.aroundRequest) bound.aroundRequest.push(stages.aroundRequest.bind(stages));
    if (stages.amendBody) bound.amendBody.push(stages.amendBody.bind(stages));
    if (stages.credential) bound.credential.push(stages.credential);
    if (stages.afterAuth) bound.afterAuth.push(stages.afterAuth.bind(stages));
    if (stages.beforeHandler) bound.beforeHandler.push(stages.beforeHandler.bind(stages));
    if (stages.asCaller) bound.asCaller.push(stages.asCaller.bind(stages));
    if (stages.onAnswer) bound.onAnswer.push(stages.onAnswer.bind(stages));
  }
  return bound;
}

/** Runs `run` inside every wrapper, the first hook outermost. */
export function wrapAll<T>(wrappers: ReadonlyArray<(run: () => T) => T>, run: () => T): T {
  let inner = run;
  for (let i = wrappers.length - 1; i >= 0; i--) {
    const wrap = wrappers[i]!;
    const next = inner;
    inner = () => wrap(next);
  }
  return inner();
}

/** The first credential some hook finds in the headers. */
export function readCredential(stages: readonly CredentialStage[], headers: IncomingHttpHeaders): { stage: CredentialStage; value: string } | undefined {
  for (const stage of stages) {
    const value = stage.read(headers);
    if (value !== undefined) return { stage, value };
  }
  return undefined;
}
