import { ApiError, type FieldIssue } from "../errors.js";

/** Raised by the typed client: the server's `{ code, message }` plus the HTTP status. */
export class ClientError extends ApiError {
  constructor(status: number, code: string, message: string, issues?: FieldIssue[]) {
    super(status, code, message, issues);
    this.name = "ClientError";
  }
}

/** The request never got an HTTP answer (connection refused, DNS, reset, timeout). */
export class NetworkError extends ClientError {
  constructor(message: string, override readonly cause?: unknown) {
    super(0, "NETWORK_ERROR", message);
    this.name = "NetworkError";
  }
}
