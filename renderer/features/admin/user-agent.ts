/** A short "Chrome 126 on Linux" for a session's user agent; the raw string stays available as a title. */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/HeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/Chrome\/(\d+)/, "Chrome"],
  [/Version\/(\d+).*Safari\//, "Safari"],
  [/Electron\/(\d+)/, "Latchkey desktop"],
  [/^node$|undici|node-fetch/i, "Script or CLI"],
  [/^latchkey-cli/i, "Latchkey CLI"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(userAgent: string): { browser?: string; version?: string; system?: string } {
  const result: { browser?: string; version?: string; system?: string } = {};
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      result.browser = name;
      if (match[1]) result.version = match[1];
      break;
    }
  }
  for (const [pattern, name] of SYSTEMS) {
    if (pattern.test(userAgent)) {
      result.system = name;
      break;
    }
  }
  return result;
}
