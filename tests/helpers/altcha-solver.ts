/**
 * Solves a server's ALTCHA challenge the way the widget does: GET /captcha/challenge, altcha-lib's
 * solveChallenge (a real search for the number), then the widget's payload, base64 JSON, for the
 * `x-captcha-response` header.
 */
import { solveChallenge } from "altcha-lib/v1";

export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The header value for a challenge (null when altcha-lib finds no number, i.e. a forged challenge). */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("altcha-lib found no solution for the challenge");
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** A fresh solved challenge from the server at `api` (its /api/auth root). */
export async function altchaResponse(api: string): Promise<string> {
  const answer = await fetch(`${api}/captcha/challenge`);
  if (answer.status !== 200) throw new Error(`GET /captcha/challenge answered ${answer.status}`);
  return solveAltcha((await answer.json()) as AltchaChallenge);
}
