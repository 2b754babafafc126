/**
 * The captcha for the signed-out pages (issue 40): a protected call is made as it is; when the
 * server answers `400 MISSING_RESPONSE` and its captcha is ALTCHA, a challenge is fetched, solved
 * in a Web Worker (the page stays responsive, and "Verifying you are human…" shows meanwhile), and
 * the call is made again with the answer in `x-captcha-response`. A server without a captcha costs
 * nothing extra. A service captcha (Turnstile, hCaptcha, reCAPTCHA) needs its widget, which the
 * console does not render (docs/security.md): its MISSING_RESPONSE is shown as the error it is.
 */
import type { CallOptions } from "../../../shared/client/client-core";
import { ClientError } from "../../../shared/client/client-error";
import { api } from "../../app/api";
import { whileVerifying } from "./captcha-state";

async function solveInWorker(challenge: { algorithm: string; challenge: string; maxnumber: number; salt: string }): Promise<number | null> {
  const worker = new Worker(new URL("./altcha-worker.ts", import.meta.url), { type: "module" });
  try {
    return await new Promise<number | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message || "the captcha worker failed"));
      worker.postMessage({ algorithm: challenge.algorithm, challenge: challenge.challenge, maxnumber: challenge.maxnumber, salt: challenge.salt });
    });
  } finally {
    worker.terminate();
  }
}

async function altchaAnswer(): Promise<string | null> {
  const challenge = await api.captchaChallenge();
  const number = await solveInWorker(challenge);
  if (number === null) return null;
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
  return btoa(JSON.stringify(payload));
}

/** Runs `call`; when the server asks for ALTCHA, solves it and runs `call` once more with the answer. */
export async function withCaptcha<T>(call: (options: CallOptions) => Promise<T>): Promise<T> {
  try {
    return await call({});
  } catch (error) {
    if (!(error instanceof ClientError) || error.code !== "MISSING_RESPONSE") throw error;
    const { provider } = await api.captchaSettings();
    if (provider !== "altcha") throw error;
    const captchaResponse = await whileVerifying(altchaAnswer);
    if (!captchaResponse) throw error;
    return call({ captchaResponse });
  }
}
