/**
 * Two-factor authentication for the signed-in person: set up an authenticator app (QR code,
 * key, backup codes shown once with a download), confirm it with a first code, replace the
 * backup codes, or turn it off. All three need the password.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../ui/errors";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/field";
import { FormError } from "../../../ui/form-error";
import { Section } from "../../../ui/page";
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useNewBackupCodes } from "../queries";
import { downloadCodes, qrDataUrl } from "./two-factor-codes";

interface Setup {
  totpURI: string;
  secret: string;
  qr: string;
  backupCodes: string[];
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("two-factor");
  return (
    <div className="stack">
      <p>{t("backupCodesIntro", { count: codes.length })}</p>
      <ul className="two-factor-codes" aria-label={t("backupCodesLabel")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row">
        <Button type="button" onClick={() => downloadCodes(codes, "latchkey-backup-codes.txt")}>
          {t("download")}
        </Button>
      </div>
    </div>
  );
}

/** One password field and a button: the shape of every two-factor change. */
function PasswordForm({ label, submit, busy, variant, onSubmit }: { label: string; submit: string; busy: boolean; variant?: "primary" | "danger"; onSubmit(password: string): Promise<void> }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handle = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await onSubmit(password);
      setPassword("");
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <form className="stack account-form" noValidate onSubmit={handle}>
      <FormError>{error}</FormError>
      <TextField label={label} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <div className="row">
        <Button type="submit" variant={variant ?? "primary"} busy={busy} disabled={!password}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("two-factor");
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useNewBackupCodes();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [fresh, setFresh] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);

  const start = async (password: string) => {
    const answer = await enable.mutateAsync(password);
    const totpURI = answer.totpURI ?? "";
    setSetup({ totpURI, secret: new URL(totpURI).searchParams.get("secret") ?? "", qr: await qrDataUrl(totpURI), backupCodes: answer.backupCodes ?? [] });
  };
  const finish = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    try {
      await confirm.mutateAsync(code);
      setSetup(null);
      setCode("");
    } catch (caught) {
      setCodeError(errorText(caught));
    }
  };

  if (enabled) {
    return (
      <Section title={t("title")} description={t("onDescription")}>
        <p className="form-success" role="status">
          {t("isOn")}
        </p>
        {fresh ? <BackupCodes codes={fresh} /> : null}
        <h3 className="two-factor-heading">{t("newCodesTitle")}</h3>
        <PasswordForm label={t("password")} submit={t("newCodes")} busy={regenerate.isPending} onSubmit={async (password) => setFresh((await regenerate.mutateAsync(password)).backupCodes)} />
        <h3 className="two-factor-heading">{t("disableTitle")}</h3>
        <PasswordForm label={t("passwordToDisable")} submit={t("disable")} variant="danger" busy={disable.isPending} onSubmit={async (password) => void (await disable.mutateAsync(password))} />
      </Section>
    );
  }
  return (
    <Section title={t("title")} description={t("offDescription")}>
      {setup ? (
        <div className="stack">
          <p>{t("scan")}</p>
          <img className="two-factor-qr" src={setup.qr} width={200} height={200} alt={t("qrAlt")} />
          <p>
            {t("keyIntro")} <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <BackupCodes codes={setup.backupCodes} />
          <form className="stack account-form" noValidate onSubmit={finish}>
            <FormError>{codeError}</FormError>
            <TextField label={t("code")} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
            <div className="row">
              <Button type="submit" variant="primary" busy={confirm.isPending} disabled={!code.trim()}>
                {t("turnOn")}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <PasswordForm label={t("password")} submit={t("setUp")} busy={enable.isPending} onSubmit={start} />
      )}
    </Section>
  );
}
