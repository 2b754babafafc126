/**
 * The two-factor section's server calls (beside its components, like the API-key section's);
 * every write refreshes the session, whose user carries `twoFactorEnabled`.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { sessionKey } from "../../../app/session";

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: (password: string) => api.twoFactorEnable({ password }) });
}

/** The first correct code turns two-factor on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.twoFactorVerifyTotp({ code: code.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.twoFactorDisable({ password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useNewBackupCodes() {
  return useMutation({ mutationFn: (password: string) => api.twoFactorGenerateBackupCodes({ password }) });
}

/** A QR code image of the otpauth:// URI, as a data URL (the console's CSP allows img data:). */
export async function qrDataUrl(uri: string): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(uri, { margin: 1, width: 200 });
}

/** Backup codes as a text file the browser downloads (nothing leaves the page). */
export function downloadCodes(codes: string[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([codes.join("\n") + "\n"], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
