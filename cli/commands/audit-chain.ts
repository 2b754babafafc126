/**
 * `auth admin audit verify | export` (issue 38 item 5): the tamper-evident audit log. Verify asks
 * the server to recompute the hash chain and exits 1 when it breaks, so a cron job can alert on
 * it; export writes JSON lines and, with --signed, their detached JWS that anyone can check
 * against the server's published /jwks (docs/audit.md shows how).
 */
import { closeSync, existsSync, fchmodSync, openSync, writeSync } from "node:fs";
import type { Command } from "commander";
import type { AuditChainVerdictWire } from "../../shared/contract/audit.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parseSince } from "../duration.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, info, printJson, wantsJson, warn, withSpinner } from "../output.js";
import { confirm } from "../prompt.js";
import { say, text } from "../i18n/index.js";

function verdictText(verdict: AuditChainVerdictWire): string {
  const broken = verdict.firstBreak;
  if (!broken) return text("audit", "chainOk", { checked: verdict.checked, head: verdict.headIndex });
  const values = { seq: broken.seq ?? "", id: broken.id ?? "", index: broken.chainIndex };
  if (broken.problem === "truncated") return text("audit", "chainTruncated", values); // no row to name
  const where = text("audit", broken.problem === "missing" ? "chainMissing" : "chainAltered", values);
  return `${where} ${rowText(broken)}`;
}

/** The named row's action and time as they read now: enough to find it in `auth admin audit tail` or the console. */
function rowText(broken: NonNullable<AuditChainVerdictWire["firstBreak"]>): string {
  const action = broken.action ?? "";
  if (broken.createdAt === null) return text("audit", "chainRowNoTime", { action });
  return text("audit", "chainRow", { action, createdAt: broken.createdAt });
}

export function registerAuditChainCommands(audit: Command): void {
  example(
    audit.command("verify").description("recompute the audit log's hash chain and name the first row that breaks it (exit code 1 when it does)"),
    "auth admin audit verify",
    "auth admin audit verify --json",
  ).action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const verdict = await withSpinner(flags, text("audit", "loading"), () => client.adminVerifyAuditChain());
      if (verdict.ok) return emit(flags, verdict, () => info(verdictText(verdict)));
      // A break is a failure a script must see: the verdict on stdout for --json, the words on stderr.
      if (wantsJson(flags)) printJson(verdict);
      throw new CliError(verdictText(verdict), EXIT.FAILURE, "AUDIT_CHAIN_BROKEN");
    }),
  );

  example(
    audit
      .command("export")
      .description("write audit events as JSON lines, in chain order; with --signed also their detached signature by the server's JWKS key")
      .requiredOption("--from <when>", "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)")
      .requiredOption("--to <when>", "before this time")
      .option("--signed", "also write the detached JWS signature: FILE.jws with --out, else to standard error")
      .option("--out <file>", "write here instead of standard output"),
    "auth admin audit export --signed --from 2026-11-01 --to 2026-12-01 --out audit-november.jsonl",
  ).action(
    handler<{ from: string; to: string; signed?: boolean; out?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const exported = await withSpinner(flags, text("audit", "loading"), () => client.adminExportAuditLog({ from: parseSince(flags.from), to: parseSince(flags.to) }));
      if (!flags.out) {
        process.stdout.write(exported.jsonl);
        if (flags.signed) warn(exported.signature);
        return;
      }
      const signatureFile = `${flags.out}.jws`;
      for (const file of flags.signed ? [flags.out, signatureFile] : [flags.out]) {
        if (existsSync(file)) await confirm(flags, say("confirm", "replaceFile", { file }));
      }
      // The log names people and addresses: private to its owner from the first byte.
      const write = (file: string, content: string) => {
        const fd = openSync(file, "w", 0o600);
        fchmodSync(fd, 0o600);
        writeSync(fd, content);
        closeSync(fd);
      };
      write(flags.out, exported.jsonl);
      if (flags.signed) write(signatureFile, exported.signature + "\n");
      const summary = { exported: exported.count, out: flags.out, signature: flags.signed ? signatureFile : null, kid: exported.kid, alg: exported.alg };
      if (wantsJson(flags)) printJson(summary);
      else info(text("audit", flags.signed ? "exportedSigned" : "exported", { count: exported.count, file: flags.out, signature: signatureFile }));
    }),
  );
}
