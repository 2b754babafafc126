/**
 * Solves an ALTCHA challenge off the page's thread (issue 40): altcha-lib hashes salt + n until
 * the SHA-256 matches, up to maxnumber. Answers the number, or null when there is none.
 */
import { solveChallenge } from "altcha-lib/v1";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
}

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<Challenge>) => void) | null; postMessage(value: number | null): void };

scope.onmessage = (event) => {
  const { algorithm, challenge, maxnumber, salt } = event.data;
  void solveChallenge(challenge, salt, algorithm, maxnumber).promise.then(
    (solution) => scope.postMessage(solution ? solution.number : null),
    () => scope.postMessage(null),
  );
};
