import type { Command } from "commander";

export function registerAdminCommands(_program: Command): void {}
