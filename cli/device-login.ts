/**
 * `auth login --device`: the RFC 8628 device flow for an operator on an SSH session with no
 * browser (issue 34 item 6). The server hands out a code pair (/cli/sign-in/device); the person
 * approves the user code on the console's /device page from any browser; this process polls
 * /cli/sign-in/device/token at the server's pace and gets a Latchkey session.
 *
 * Everything said while waiting goes to stderr, so stdout keeps the command's one result (the
 * same document as a password login). Without a terminal (or with --json) the code pair is one
 * JSON line on stderr instead of prose, for a script to pass on.
 */
import type { LatchkeyClient } from "../shared/client/index.js";
import { ClientError } from "../shared/client/client-error.js";
import { CliError, EXIT } from "./exit-codes.js";
import { text } from "./i18n/index.js";
import { reportedHost } from "./social-login.js";

export interface DeviceLoginOptions {
  /** Prose, a QR code and a countdown on a terminal; one JSON line otherwise. */
  human: boolean;
}

const SLOW_DOWN_STEP = 5;

function countdown(seconds: number): string {
  const left = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

/** The QR code of the complete URL when the terminal is wide enough for it (half blocks: two rows a line). */
async function qrCode(url: string): Promise<string | null> {
  const { toString } = await import("qrcode");
  const drawn = await toString(url, { type: "utf8", margin: 2, errorCorrectionLevel: "L" });
  const width = Math.max(...drawn.split("\n").map((line) => line.length));
  return (process.stderr.columns ?? 0) >= width ? drawn : null;
}

export async function deviceLogin(client: LatchkeyClient, options: DeviceLoginOptions) {
  const started = await client.cliDeviceStart({ host: reportedHost() });
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in } = started;
  const err = process.stderr;
  if (options.human) {
    err.write(`${text("login", "deviceVisit", { url: verification_uri })}\n${text("login", "deviceCode", { code: user_code })}\n${text("login", "deviceDirect")}\n  ${verification_uri_complete}\n`);
    const qr = err.isTTY ? await qrCode(verification_uri_complete) : null;
    if (qr) err.write(qr.endsWith("\n") ? qr : `${qr}\n`);
  } else {
    err.write(`${JSON.stringify({ user_code, verification_uri, verification_uri_complete, expires_in })}\n`);
  }

  const deadline = Date.now() + expires_in * 1000;
  let interval = started.interval;
  let cancelled = false;
  let wake: (() => void) | undefined;
  const onInterrupt = () => {
    cancelled = true;
    wake?.();
  };
  process.once("SIGINT", onInterrupt);
  const showProgress = options.human && err.isTTY;
  const progress = () => showProgress && err.write(`\r\x1b[2K${text("login", "deviceWaiting", { left: countdown((deadline - Date.now()) / 1000) })}`);
  const clearProgress = () => showProgress && err.write("\r\x1b[2K");
  /** Waits `seconds`, redrawing the countdown each second; Ctrl-C ends the wait at once. */
  const wait = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    while (!cancelled && Date.now() < until) {
      progress();
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(1000, until - Date.now()));
      });
    }
  };
  try {
    for (;;) {
      await wait(interval);
      if (cancelled) throw new CliError(text("login", "deviceCancelled"), EXIT.FAILURE, "DEVICE_LOGIN_CANCELLED");
      try {
        return await client.cliDeviceToken({ device_code });
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        if (error.code === "DEVICE_AUTHORIZATION_PENDING") continue;
        // The server added 5 seconds to this code's pace; keep to it from now on.
        if (error.code === "DEVICE_SLOW_DOWN") interval += SLOW_DOWN_STEP;
        else if (error.code === "DEVICE_ACCESS_DENIED") throw new CliError(text("login", "deviceDenied"), EXIT.NOT_SIGNED_IN, "DEVICE_ACCESS_DENIED");
        else if (error.code === "DEVICE_CODE_EXPIRED" || error.code === "INVALID_TOKEN") throw new CliError(text("login", "deviceExpired"), EXIT.NOT_SIGNED_IN, "DEVICE_CODE_EXPIRED");
        else throw error;
      }
    }
  } finally {
    clearProgress();
    process.removeListener("SIGINT", onInterrupt);
  }
}
