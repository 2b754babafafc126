/**
 * Shell completion scripts generated from the live command tree, so they never drift from the
 * commands: subcommands at every level, then each command's options (with the global ones).
 */
import type { Command } from "commander";

interface Node {
  path: string;
  subs: string[];
  options: string[];
}

function flagsOf(command: Command): string[] {
  return command.options.filter((option) => !option.hidden).flatMap((option) => [option.long, option.short].filter((flag): flag is string => Boolean(flag)));
}

export function commandTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, path: string) => {
    const subs = command.commands.filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden);
    nodes.push({ path, subs: subs.map((sub) => sub.name()), options: [...flagsOf(command), "--help"] });
    for (const sub of subs) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, "");
  return nodes;
}

function caseTable(nodes: Node[], pick: (node: Node) => string[], indent: string, style: "sh" | "fish"): string {
  return nodes
    .map((node) =>
      style === "sh"
        ? `${indent}"${node.path}") echo "${pick(node).join(" ")}" ;;`
        : `${indent}case '${node.path}'\n${indent}  printf '%s\\n' ${pick(node).map((word) => `'${word}'`).join(" ")}`,
    )
    .join("\n");
}

export function completionScript(program: Command, shell: "bash" | "zsh" | "fish"): string {
  const nodes = commandTree(program);
  const globals = flagsOf(program).join(" ");
  if (shell === "fish") {
    return `# auth completion for fish: auth completion fish > ~/.config/fish/completions/auth.fish
function __auth_subs
  switch "$argv[1]"
${caseTable(nodes, (n) => n.subs, "    ", "fish")}
  end
end
function __auth_opts
  switch "$argv[1]"
${caseTable(nodes, (n) => n.options, "    ", "fish")}
  end
  printf '%s\\n' ${globals}
end
function __auth_complete
  set -l tokens (commandline -opc)
  set -l p ''
  for w in $tokens[2..-1]
    if string match -q -- '-*' $w
      continue
    end
    if contains -- $w (__auth_subs "$p")
      set p (string trim -- "$p $w")
    end
  end
  if string match -q -- '-*' (commandline -ct)
    __auth_opts "$p"
  else
    __auth_subs "$p"
  end
end
complete -c auth -f -a '(__auth_complete)'
`;
  }
  const functions = `_auth_subs() {
  case "$1" in
${caseTable(nodes, (n) => n.subs, "    ", "sh")}
  esac
}
_auth_opts() {
  case "$1" in
${caseTable(nodes, (n) => n.options, "    ", "sh")}
  esac
  echo "${globals}"
}`;
  if (shell === "zsh") {
    return `#compdef auth
# auth completion for zsh: auth completion zsh > "\${fpath[1]}/_auth"  (or: source <(auth completion zsh))
${functions}
_auth() {
  local p="" w i subs
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    [[ "$w" == -* ]] && continue
    subs=" $(_auth_subs "$p") "
    [[ "$subs" == *" $w "* ]] && p="\${p:+$p }$w"
  done
  if [[ "\${words[CURRENT]}" == -* ]]; then
    compadd -- \${=$(_auth_opts "$p")}
  else
    compadd -- \${=$(_auth_subs "$p")}
  fi
}
compdef _auth auth
`;
  }
  return `# auth completion for bash: source <(auth completion bash)  (or save it in /etc/bash_completion.d/auth)
${functions}
_auth() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" p="" w i subs
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    subs=" $(_auth_subs "$p") "
    [[ "$subs" == *" $w "* ]] && p="\${p:+$p }$w"
  done
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$(_auth_opts "$p")" -- "$cur") )
  else
    COMPREPLY=( $(compgen -W "$(_auth_subs "$p")" -- "$cur") )
  fi
}
complete -F _auth auth
`;
}
