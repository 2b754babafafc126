/** `auth dev clock advance 2h`: move a development server's clock while it runs (issue 39; docs/qa.md). */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parseSignedDuration } from "../duration.js";
import { emit, info } from "../output.js";
import { text } from "../i18n/index.js";

export function registerDevCommands(program: Command): void {
  const dev = program.command("dev").description("tools for a development server (auth server start --dev)");
  const clock = dev.command("clock").description("the development server's clock");
  example(
    clock
      .command("advance")
      .description("move the development server's clock forward, or back with a leading minus (administrators only; audited)")
      .argument("<duration>", "how far: 90s, 15m, 2h, 8d, 2w; -3h moves it back"),
    "auth dev clock advance 8d",
    "auth dev clock advance -3h",
  ).action(
    handler(async (flags, duration: string) => {
      const ms = parseSignedDuration(duration, "duration");
      const { client } = await connect(flags);
      const answer = await client.adminAdvanceClock({ ms });
      await emit(flags, answer, () => info(text("qa", "clockMoved", { now: answer.now, offset: Math.round(answer.clockOffsetMs / 1000) })));
    }),
  );
}
