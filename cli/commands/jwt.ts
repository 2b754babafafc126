/** `auth token`: a JWT for the signed-in user (or the API key's user), for another service to verify against /jwks. */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { emit, info } from "../output.js";

export function registerJwtCommand(program: Command): void {
  example(
    program.command("token").description("print a signed JWT for yourself (the server needs jwt.enabled)"),
    "auth token",
    'curl -H "Authorization: Bearer $(auth token)" https://api.example.com/',
  ).action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.getToken({});
      // Off a terminal the bare token is what scripts want; --json gives the server's document.
      if (flags.json || flags.jsonl) await emit(flags, answer, () => undefined);
      else info(answer.token);
    }),
  );
}
