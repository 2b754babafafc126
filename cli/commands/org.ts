import type { Command } from "commander";

export function registerOrgCommands(_program: Command): void {}
