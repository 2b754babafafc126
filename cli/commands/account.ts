import type { Command } from "commander";

export function registerAccountCommands(_program: Command): void {}
