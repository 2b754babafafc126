/** RFC 6749 §5.2 errors: what relying-party libraries branch on. */
import { JsonAnswer } from "../../http/handler.js";

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }

  answer(): JsonAnswer {
    const headers: Record<string, string> = { "cache-control": "no-store" };
    if (this.status === 401) headers["www-authenticate"] = this.error === "invalid_token" ? `Bearer error="invalid_token"` : "Basic";
    // `code` and `message` too: Latchkey's typed-error shape beside RFC 6749's (extra members are allowed).
    return new JsonAnswer({ error: this.error, error_description: this.description, code: `OAUTH_${this.error.toUpperCase()}`, message: this.description }, this.status, headers);
  }
}

/** Runs a protocol handler; its OAuthErrors become answers, anything else stays an error. */
export async function answering<T>(run: () => Promise<T>): Promise<T | JsonAnswer> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthError) return error.answer();
    throw error;
  }
}
