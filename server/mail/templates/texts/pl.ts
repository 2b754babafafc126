import type { MailTexts } from "./types.js";

// Impersonal and neutral forms ("Prosimy o potwierdzenie", "należy"), which suit a reader of any
// gender without "Pan/Pani"; buttons use the usual Polish UI imperative.
export const pl: MailTexts = {
  greeting: "Dzień dobry, {name}!",
  greetingNoName: "Dzień dobry!",
  linkFallback: "Jeśli przycisk nie działa, można skopiować poniższy link do przeglądarki:",
  actionLine: "{action}: {url}",
  hours: "{count, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}}",
  minutes: "{count, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}",
  roles: { owner: "właściciel", admin: "administrator", member: "członek" },
  kinds: {
    "verify-email": {
      subject: "Potwierdzenie adresu e-mail w {appName}",
      body: ["Prosimy o potwierdzenie, że {email} to właściwy adres e-mail.", "Link jest ważny przez {validity}. Jeśli konto nie było zakładane, wystarczy zignorować tę wiadomość."],
      action: "Potwierdź adres e-mail",
    },
    "reset-password": {
      subject: "Resetowanie hasła w {appName}",
      body: ["Otrzymaliśmy prośbę o zresetowanie hasła do tego konta. Jeśli prośba nie pochodzi od właściciela konta, wystarczy zignorować tę wiadomość — hasło pozostanie bez zmian.", "Link jest ważny przez {validity}.", "Klucze dostępu i klucze API działają po zresetowaniu hasła nadal — jeśli prośba nie pochodzi od właściciela konta, należy je unieważnić w ustawieniach konta."],
      action: "Zresetuj hasło",
    },
    "change-email": {
      subject: "Potwierdzenie nowego adresu e-mail w {appName}",
      body: ["Prosimy o potwierdzenie, że adres {newEmail} ma być odtąd adresem e-mail tego konta.", "Link jest ważny przez {validity}. Jeśli ta zmiana nie była zlecana, wystarczy zignorować tę wiadomość."],
      action: "Potwierdź nowy adres",
    },
    "delete-account": {
      subject: "Potwierdzenie usunięcia konta w {appName}",
      body: ["Otwarcie tego linku usunie konto wraz ze wszystkimi danymi. Tej operacji nie można cofnąć.", "Link jest ważny przez {validity}. Jeśli usunięcie nie było zlecane, wystarczy zignorować tę wiadomość — konto pozostanie bez zmian."],
      action: "Usuń moje konto",
    },
    invitation: {
      subject: "Zaproszenie do organizacji w {appName}",
      body: ["„{inviterName}” zaprasza do dołączenia do organizacji „{organizationName}” w {appName} z rolą „{role}”.", "Zaproszenie jest ważne do {expiresAt}."],
      action: "Zobacz zaproszenie",
    },
    otp: {
      subject: "Kod logowania do {appName}: {code}",
      body: ["Kod logowania to {code}. Można go użyć tylko raz; jest ważny przez {validity}.", "Tego kodu nie należy nikomu przekazywać. Jeśli nie była podejmowana próba logowania, należy zmienić hasło — ktoś je zna."],
    },
  },
};
