/**
 * Session handles (and other server tokens) are base64url, so one in 64 begins with "-", and
 * commander reads `auth sessions revoke -kn9R…` as a cluster of short options. No option of ours
 * is a single dash followed by 30 or more characters, so such an argument is an operand: it is
 * moved behind "--", where commander takes it as one. An argument right after an option is left
 * where it is (it may be that option's value). A negative duration (`auth dev clock advance -3h`,
 * issue 39) is an operand too: no option of ours is a dash and a digit.
 */
const DASHED_OPERAND = /^-(?:[A-Za-z0-9_-]{30,}|\d+(?:\.\d+)?[smhdw]?)$/;

export function protectDashedOperands(argv: string[]): string[] {
  const end = argv.indexOf("--");
  const head = end === -1 ? argv : argv.slice(0, end);
  const tail = end === -1 ? [] : argv.slice(end + 1);
  const moved: string[] = [];
  const kept = head.filter((arg, i) => {
    const afterOption = i > 0 && (head[i - 1] ?? "").startsWith("-") && !(head[i - 1] ?? "").includes("=");
    if (!DASHED_OPERAND.test(arg) || afterOption) return true;
    moved.push(arg);
    return false;
  });
  return moved.length === 0 ? argv : [...kept, "--", ...moved, ...tail];
}
