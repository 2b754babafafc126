/** The two-factor section's browser-side helpers: the QR code and the backup-codes file. */
import { downloadText } from "../../../ui/download";

/** A QR code image of the otpauth:// URI, as a data URL (the console's CSP allows img data:). */
export async function qrDataUrl(uri: string): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(uri, { margin: 1, width: 200 });
}

/** Backup codes as a text file the browser downloads (nothing leaves the page). */
export function downloadCodes(codes: string[], fileName: string): void {
  downloadText(codes.join("\n") + "\n", fileName);
}
