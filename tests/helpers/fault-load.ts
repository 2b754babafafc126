/**
 * A small bounded load for fault tests (issue 44): `workers` loops of sign-ups, each waiting for
 * its answer before sending the next, until stopped. Every outcome is kept so a test can check
 * that each acknowledged write is in the database and each refusal was typed.
 */
export interface LoadOutcome {
  email: string;
  status?: number;
  code?: string;
  retryAfter?: string;
  error?: string;
}

export interface RunningLoad {
  stop(): void;
  done: Promise<void>;
}

export function signUpLoad(api: string, prefix: string, workers: number, outcomes: LoadOutcome[]): RunningLoad {
  let stopped = false;
  let n = 0;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped) {
        const email = `${prefix}-${n++}@example.com`;
        const outcome: LoadOutcome = { email };
        outcomes.push(outcome);
        try {
          const response = await fetch(`${api}/sign-up/email`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password: "correct horse battery", name: "Load" }),
            signal: AbortSignal.timeout(30_000),
          });
          outcome.status = response.status;
          outcome.retryAfter = response.headers.get("retry-after") ?? undefined;
          outcome.code = ((await response.json()) as { code?: string }).code;
        } catch (error) {
          outcome.error = String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
          return;
        }
      }
    }),
  ).then(() => undefined);
  return {
    stop: () => void (stopped = true),
    done,
  };
}
