import type { MailTexts } from "./types.js";

// Formal address (Sie) throughout.
export const de: MailTexts = {
  greeting: "Hallo {name},",
  greetingNoName: "Guten Tag,",
  linkFallback: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:",
  actionLine: "{action}: {url}",
  hours: "{count, plural, one {eine Stunde} other {# Stunden}}",
  minutes: "{count, plural, one {eine Minute} other {# Minuten}}",
  roles: { owner: "Inhaber", admin: "Administrator", member: "Mitglied" },
  kinds: {
    "verify-email": {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse für {appName}",
      body: ["Bitte bestätigen Sie, dass {email} Ihre E-Mail-Adresse ist.", "Der Link ist {validity} gültig. Falls Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren."],
      action: "E-Mail-Adresse bestätigen",
    },
    "reset-password": {
      subject: "Setzen Sie Ihr Passwort für {appName} zurück",
      body: ["Jemand hat angefordert, Ihr Passwort zurückzusetzen. Falls Sie das nicht waren, ignorieren Sie diese E-Mail – Ihr Passwort bleibt unverändert.", "Der Link ist {validity} gültig.", "Ihre Passkeys und API-Schlüssel funktionieren nach dem Zurücksetzen weiter; widerrufen Sie sie in Ihrem Konto, falls Sie das nicht angefordert haben."],
      action: "Passwort zurücksetzen",
    },
    "change-email": {
      subject: "Bestätigen Sie Ihre neue E-Mail-Adresse für {appName}",
      body: ["Bitte bestätigen Sie, dass Sie {newEmail} als Ihre E-Mail-Adresse verwenden möchten.", "Der Link ist {validity} gültig. Falls Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail."],
      action: "Neue E-Mail-Adresse bestätigen",
    },
    "delete-account": {
      subject: "Bestätigen Sie die Löschung Ihres Kontos bei {appName}",
      body: ["Mit diesem Link löschen Sie Ihr Konto und alle zugehörigen Daten. Das lässt sich nicht rückgängig machen.", "Der Link ist {validity} gültig. Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Konto bleibt unverändert."],
      action: "Mein Konto löschen",
    },
    invitation: {
      subject: "Einladung zu einer Organisation bei {appName}",
      body: ["„{inviterName}“ hat Sie eingeladen, der Organisation „{organizationName}“ bei {appName} mit der Rolle „{role}“ beizutreten.", "Die Einladung ist gültig bis {expiresAt}."],
      action: "Einladung ansehen",
    },
    otp: {
      subject: "Ihr Anmeldecode für {appName}: {code}",
      body: ["Ihr Anmeldecode lautet {code}. Er gilt nur einmal und ist {validity} gültig.", "Geben Sie diesen Code niemals weiter. Falls Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort: Jemand kennt es."],
    },
  },
};
