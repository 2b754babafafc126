/**
 * The words of the command line's approval page (cli-approval-page.ts), in every language Latchkey
 * speaks. `{host}`, `{email}`, `{ip}` and `{minutes}` are filled in after escaping.
 */
import type { LanguageTag } from "../../../shared/languages.js";

export interface ApprovalTexts {
  title: string;
  question: string;
  codeLabel: string;
  startedFrom: string;
  warning: string;
  approve: string;
  deny: string;
  expiredTitle: string;
  expiredText: string;
  errorCode: string;
}

export const APPROVAL_TEXTS: Record<LanguageTag, ApprovalTexts> = {
  en: {
    title: "Sign in to the command line?",
    question: "Sign in to the command line on {host} as {email}?",
    codeLabel: "The code shown in your terminal is",
    startedFrom: "The request came from the address {ip}.",
    warning: "Approve only if you just ran auth login yourself and your terminal shows this code. If not, deny: someone may be trying to get into your account.",
    approve: "Approve",
    deny: "Deny",
    expiredTitle: "This sign-in request is no longer valid",
    expiredText: "It is older than {minutes} minutes, was already answered, or was opened in another browser. Run auth login again.",
    errorCode: "Error code:",
  },
  de: {
    title: "Bei der Kommandozeile anmelden?",
    question: "Die Kommandozeile auf {host} als {email} anmelden?",
    codeLabel: "Der Code in Ihrem Terminal lautet",
    startedFrom: "Die Anfrage kam von der Adresse {ip}.",
    warning: "Bestätigen Sie nur, wenn Sie gerade selbst auth login ausgeführt haben und Ihr Terminal diesen Code zeigt. Andernfalls lehnen Sie ab: Jemand versucht möglicherweise, in Ihr Konto zu gelangen.",
    approve: "Bestätigen",
    deny: "Ablehnen",
    expiredTitle: "Diese Anmeldeanfrage ist nicht mehr gültig",
    expiredText: "Sie ist älter als {minutes} Minuten, wurde bereits beantwortet oder in einem anderen Browser geöffnet. Führen Sie auth login erneut aus.",
    errorCode: "Fehlercode:",
  },
  es: {
    title: "¿Iniciar sesión en la línea de comandos?",
    question: "¿Iniciar sesión en la línea de comandos de {host} como {email}?",
    codeLabel: "El código que muestra su terminal es",
    startedFrom: "La solicitud llegó desde la dirección {ip}.",
    warning: "Apruebe solo si acaba de ejecutar auth login usted mismo y su terminal muestra este código. Si no, deniegue: alguien puede estar intentando entrar en su cuenta.",
    approve: "Aprobar",
    deny: "Denegar",
    expiredTitle: "Esta solicitud de inicio de sesión ya no es válida",
    expiredText: "Tiene más de {minutes} minutos, ya fue respondida o se abrió en otro navegador. Vuelva a ejecutar auth login.",
    errorCode: "Código de error:",
  },
  fr: {
    title: "Se connecter à la ligne de commande ?",
    question: "Connecter la ligne de commande sur {host} en tant que {email} ?",
    codeLabel: "Le code affiché dans votre terminal est",
    startedFrom: "La demande vient de l’adresse {ip}.",
    warning: "N’approuvez que si vous venez de lancer auth login vous-même et que votre terminal affiche ce code. Sinon, refusez : quelqu’un essaie peut-être d’accéder à votre compte.",
    approve: "Approuver",
    deny: "Refuser",
    expiredTitle: "Cette demande de connexion n’est plus valable",
    expiredText: "Elle date de plus de {minutes} minutes, a déjà reçu une réponse ou a été ouverte dans un autre navigateur. Relancez auth login.",
    errorCode: "Code d’erreur :",
  },
  pl: {
    title: "Zalogować wiersz poleceń?",
    question: "Zalogować wiersz poleceń na {host} jako {email}?",
    codeLabel: "Kod widoczny w Twoim terminalu to",
    startedFrom: "Żądanie przyszło z adresu {ip}.",
    warning: "Zatwierdź tylko wtedy, gdy przed chwilą sam uruchomiłeś auth login, a terminal pokazuje ten kod. W przeciwnym razie odrzuć: ktoś może próbować dostać się do Twojego konta.",
    approve: "Zatwierdź",
    deny: "Odrzuć",
    expiredTitle: "To żądanie logowania jest już nieważne",
    expiredText: "Jest starsze niż {minutes} minut, już na nie odpowiedziano lub otwarto je w innej przeglądarce. Uruchom ponownie auth login.",
    errorCode: "Kod błędu:",
  },
  ru: {
    title: "Войти в командной строке?",
    question: "Войти в командной строке на {host} как {email}?",
    codeLabel: "Код в вашем терминале:",
    startedFrom: "Запрос пришёл с адреса {ip}.",
    warning: "Подтверждайте, только если вы сами только что запустили auth login и ваш терминал показывает этот код. Иначе отклоните: возможно, кто-то пытается войти в вашу учётную запись.",
    approve: "Подтвердить",
    deny: "Отклонить",
    expiredTitle: "Этот запрос на вход больше не действителен",
    expiredText: "Он старше {minutes} минут, на него уже ответили или его открыли в другом браузере. Запустите auth login снова.",
    errorCode: "Код ошибки:",
  },
  tr: {
    title: "Komut satırında oturum açılsın mı?",
    question: "{host} üzerindeki komut satırında {email} olarak oturum açılsın mı?",
    codeLabel: "Terminalinizde görünen kod:",
    startedFrom: "İstek {ip} adresinden geldi.",
    warning: "Yalnızca auth login komutunu az önce kendiniz çalıştırdıysanız ve terminaliniz bu kodu gösteriyorsa onaylayın. Aksi hâlde reddedin: biri hesabınıza girmeye çalışıyor olabilir.",
    approve: "Onayla",
    deny: "Reddet",
    expiredTitle: "Bu oturum açma isteği artık geçerli değil",
    expiredText: "{minutes} dakikadan eski, zaten yanıtlanmış ya da başka bir tarayıcıda açılmış. auth login komutunu yeniden çalıştırın.",
    errorCode: "Hata kodu:",
  },
  uk: {
    title: "Увійти в командному рядку?",
    question: "Увійти в командному рядку на {host} як {email}?",
    codeLabel: "Код у вашому терміналі:",
    startedFrom: "Запит надійшов з адреси {ip}.",
    warning: "Підтверджуйте, лише якщо ви самі щойно запустили auth login і ваш термінал показує цей код. Інакше відхиліть: можливо, хтось намагається увійти до вашого облікового запису.",
    approve: "Підтвердити",
    deny: "Відхилити",
    expiredTitle: "Цей запит на вхід більше не дійсний",
    expiredText: "Він старший за {minutes} хвилин, на нього вже відповіли або його відкрили в іншому браузері. Запустіть auth login знову.",
    errorCode: "Код помилки:",
  },
};
