/**
 * Hands text made in the page to the browser as a file download (nothing leaves the page). The
 * text is encoded as UTF-8, byte for byte what a signature over the same string covers.
 */
export function downloadText(content: string, fileName: string, type = "text/plain"): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the URL by the next tasks; keep it a moment for slow machines.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
