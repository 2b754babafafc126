/** --help in de: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: den Authentifizierungsserver betreiben und Benutzer, Sitzungen und Organisationen verwalten",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "mit E-Mail-Adresse und Passwort anmelden und die Sitzung in einem Profil speichern (Dateimodus 0600)",
  "end the session on the server and forget its token":
    "die Sitzung auf dem Server beenden und ihr Token vergessen",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "angemeldeten Benutzer und Sitzung anzeigen (Exit-Code 3, wenn die Sitzung abgelaufen oder widerrufen ist)",
  "named credential profiles (one per server or identity)":
    "benannte Anmeldeprofile (eines pro Server oder Identität)",
  "administer users, sessions and the audit log (administrator session needed)":
    "Benutzer, Sitzungen und Audit-Protokoll verwalten (Administratorsitzung nötig)",
  "organizations you belong to: members, invitations, teams":
    "Ihre Organisationen: Mitglieder, Einladungen, Teams",
  "invitations addressed to you":
    "Einladungen an Sie",
  "your own sessions":
    "Ihre eigenen Sitzungen",
  "your own account":
    "Ihr eigenes Konto",
  "API keys for scripts and cron jobs (shown once at creation)":
    "API-Schlüssel für Skripte und Cron-Jobs (nur beim Erstellen angezeigt)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "ein signiertes JWT für Sie ausgeben (der Server braucht jwt.enabled)",
  "run and look after a local Latchkey server":
    "einen lokalen Latchkey-Server starten und pflegen",
  "read mail the server kept in its outbox (no SMTP configured)":
    "E-Mails lesen, die der Server im Postausgang aufbewahrt (kein SMTP eingerichtet)",
  "print a shell completion script":
    "ein Skript zur Befehlsvervollständigung für die Shell ausgeben",
  "output the version number":
    "Versionsnummer anzeigen",
  "display help for command":
    "Hilfe zum Befehl anzeigen",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "Server-URL, z. B. http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "zu verwendendes Anmeldeprofil (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "mit einem API-Schlüssel statt einer gespeicherten Sitzung handeln (besser AUTH_API_KEY: Argumente sind in `ps` sichtbar)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "genau ein JSON-Dokument ausgeben (Standard, wenn stdout kein Terminal ist)",
  "print JSON lines: one object per item":
    "JSON-Zeilen ausgeben: ein Objekt pro Eintrag",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "Rückfragen mit Ja beantworten (außerhalb eines Terminals für unumkehrbare Befehle nötig)",
  "never prompt; fail instead of asking":
    "nie nachfragen; stattdessen mit Fehler enden",
  "Examples:":
    "Beispiele:",
  "Example:":
    "Beispiel:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "Mit --from-file eine ID oder E-Mail-Adresse pro Zeile (- liest die Standardeingabe); jede Zeile wird versucht, eine Zusammenfassung ausgegeben, und der Exit-Code ist 1, wenn eine fehlschlug. --dry-run prüft nur.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Spalten / Felder: {fields} (email und name sind Pflicht; andere wie id werden ignoriert).\nJede Zeile wird versucht; Exit-Code 1, wenn eine fehlschlug.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Endet mit 0, wenn die Einstellungen gültig sind, sonst mit 2 und nennt jedes Problem (unbekannte Schlüssel und AUTH_*-Variablen eingeschlossen).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Server dürfen weiterlaufen: Sie öffnen Werte unter beiden Geheimnissen. Führen Sie den Befehl aus, wenn jeder Server AUTH_SECRET=<neu> und AUTH_PREVIOUS_SECRETS=<alt> hat.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Ohne --password-stdin und ohne Terminal zum Abfragen wird ein starkes Passwort erzeugt und einmal ausgegeben.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Eine vorhandene --out-Datei wird nur nach Bestätigung (oder mit --yes) ersetzt. Die Wiederherstellung braucht das Server-Geheimnis, mit dem die Datenbank versiegelt wurde: Bewahren Sie es mit der Sicherung (--with-secret) oder getrennt davon auf.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Prüft, bevor sich etwas ändert: Kein Server hat die Datenbank geöffnet, die Sicherung besteht PRAGMA integrity_check, sie stammt von dieser oder einer älteren Version, und AUTH_SECRET (oder <from>.secret von backup --with-secret) ist das Geheimnis, mit dem sie versiegelt wurde (sonst Exit-Code 9). Die ersetzten Dateien bleiben als *.before-restore erhalten.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Versiegelte Werte werden unverändert kopiert: Starten Sie die Server des Ziels mit demselben AUTH_SECRET. Am Ende wird die Zeilenzahl jeder Tabelle geprüft.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "Tabellen: diese Spalten in dieser Reihenfolge zeigen (z. B. email,role,created); Standard: die wichtigsten, die passen",
  "refused: passwords never go in arguments":
    "abgelehnt: Passwörter gehören nie in Argumente",
  "account email (prompted on a terminal when missing)":
    "E-Mail-Adresse des Kontos (auf einem Terminal abgefragt, wenn sie fehlt)",
  "read the password from standard input instead of the masked prompt":
    "das Passwort aus der Standardeingabe lesen statt aus der verdeckten Abfrage",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "Konten mit Zwei-Faktor: den Code der Authenticator-App (oder einen Backup-Code) aus der Standardeingabe lesen (mit --password-stdin nach der Passwortzeile)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "über einen Social-Login-Anbieter im Systembrowser anmelden (siehe GET /providers), z. B. github",
  "list saved profiles; the current one is marked":
    "gespeicherte Profile auflisten; das aktuelle ist markiert",
  "make a profile the default":
    "ein Profil zum Standard machen",
  "profile name":
    "Profilname",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "ein Profil und sein Token vergessen (zuerst `auth logout`, um die Sitzung zu beenden)",
  "manage users (needs an administrator session)":
    "Benutzer verwalten (Administratorsitzung nötig)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "die Zwei-Faktor-Authentifizierung eines Benutzers ausschalten (Geheimnis, Backup-Codes und vertrauenswürdige Geräte werden vergessen; protokolliert)",
  "id or email":
    "ID oder E-Mail-Adresse",
  "search, filter, sort and page through users":
    "Benutzer suchen, filtern, sortieren und seitenweise durchgehen",
  "search text":
    "Suchtext",
  "field to search: email or name":
    "zu durchsuchendes Feld: email oder name",
  "contains, starts_with or ends_with":
    "contains, starts_with oder ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "nach einem Feld filtern: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "Wert für --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "sortieren nach: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc oder desc",
  "page size (1-1000)":
    "Seitengröße (1-1000)",
  "skip this many":
    "so viele überspringen",
  "page through every match":
    "alle Treffer seitenweise holen",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "nur Benutzer, deren Anmeldung gerade gesperrt ist (zu viele fehlgeschlagene Anmeldungen)",
  "show one user":
    "einen Benutzer anzeigen",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "einen Benutzer anlegen; das Passwort kommt aus --password-stdin oder einer verdeckten Abfrage (keines: ein Benutzer ohne Passwort)",
  "email address":
    "E-Mail-Adresse",
  "display name (default: the part before @)":
    "Anzeigename (Standard: der Teil vor dem @)",
  "role, or several comma separated (default user)":
    "Rolle, oder mehrere durch Kommas getrennt (Standard user)",
  "mark the email as verified":
    "die E-Mail-Adresse als bestätigt markieren",
  "read the password from standard input":
    "das Passwort aus der Standardeingabe lesen",
  "create without a password and do not prompt (social sign-in only)":
    "ohne Passwort anlegen und nicht nachfragen (nur Social-Login)",
  "set a user's role":
    "die Rolle eines Benutzers setzen",
  "role, or several comma separated":
    "Rolle, oder mehrere durch Kommas getrennt",
  "set a user's password (masked prompt, or --password-stdin)":
    "das Passwort eines Benutzers setzen (verdeckte Abfrage oder --password-stdin)",
  "read the new password from standard input":
    "das neue Passwort aus der Standardeingabe lesen",
  "ban users: ends all their sessions and refuses sign-in":
    "Benutzer sperren: beendet alle ihre Sitzungen und verweigert die Anmeldung",
  "one id or email per line; - for standard input":
    "eine ID oder E-Mail-Adresse pro Zeile; - für die Standardeingabe",
  "with --from-file: check every line, change nothing":
    "mit --from-file: jede Zeile prüfen, nichts ändern",
  "shown to the user (default 'No reason')":
    "wird dem Benutzer gezeigt (Standard 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "die Sperre nach 90m, 12h, 7d, 2w… aufheben",
  "id or email (or use --from-file)":
    "ID oder E-Mail-Adresse (oder --from-file verwenden)",
  "lift bans":
    "Sperren aufheben",
  "clear failed sign-in lockouts":
    "Anmeldesperren nach fehlgeschlagenen Anmeldungen aufheben",
  "delete users with their sessions, accounts and memberships":
    "Benutzer mit ihren Sitzungen, Konten und Mitgliedschaften löschen",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "eine Sitzung als Benutzer starten (1 Stunde) und als Profil speichern, um darüber zu handeln",
  "profile to store the session in":
    "Profil, in dem die Sitzung gespeichert wird",
  "also print the session token (for scripts)":
    "auch das Sitzungstoken ausgeben (für Skripte)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "eine mit `impersonate` gestartete Sitzung beenden und ihr Profil vergessen",
  "the profile it was saved in":
    "das Profil, in dem sie gespeichert wurde",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "alle Benutzer mit ihrem Passwort-Hash schreiben, als JSON-Zeilen oder CSV (die Datei wird mit Modus 0600 angelegt)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl oder csv (Standard: nach der Endung von --out, sonst jsonl)",
  "write here instead of standard output":
    "hierhin schreiben statt auf die Standardausgabe",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "Benutzer aus einer Datei anlegen, mit ihren Passwort-Hashes (argon2id oder better-auth-scrypt)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv oder jsonl (Standard: nach dem Dateinamen, sonst erkannt)",
  "read and check the file, create nobody":
    "die Datei lesen und prüfen, niemanden anlegen",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV mit Kopfzeile oder JSON-Zeilen (- für die Standardeingabe)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "Benutzer sperren: beendet alle ihre Sitzungen und verweigert die Anmeldung (kurz für `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "Sperren aufheben (kurz für `auth admin users unban`)",
  "list and end other users' sessions":
    "Sitzungen anderer Benutzer auflisten und beenden",
  "a user's live sessions (token = revocation handle)":
    "die aktiven Sitzungen eines Benutzers (token = Kennzeichen zum Beenden)",
  "end one session":
    "eine Sitzung beenden",
  "session handle from `sessions list`":
    "Sitzungskennzeichen aus `sessions list`",
  "end every session of users":
    "alle Sitzungen von Benutzern beenden",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "alle Sitzungen von Benutzern beenden (kurz für `auth admin sessions revoke-all`)",
  "the security audit log":
    "das Sicherheits-Audit-Protokoll",
  "audit events, newest first":
    "Audit-Ereignisse, neueste zuerst",
  "who did it (id or email)":
    "wer es getan hat (ID oder E-Mail-Adresse)",
  "who it was done to (id or email; other ids as-is)":
    "an wem es getan wurde (ID oder E-Mail-Adresse; andere IDs unverändert)",
  "exact action, or a prefix ending in * (user.*)":
    "genaue Aktion oder ein Präfix mit * am Ende (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "ab diesem Zeitpunkt: ISO-Datum, Epoch-Millisekunden oder eine Dauer zurück (1h, 7d)",
  "before this time":
    "vor diesem Zeitpunkt",
  "at most this many events (1-500 per page)":
    "höchstens so viele Ereignisse (1-500 pro Seite)",
  "print new events as they happen (Ctrl-C stops)":
    "neue Ereignisse ausgeben, sobald sie eintreten (Strg-C beendet)",
  "how often to look":
    "wie oft nachgesehen wird",
  "also print this many recent events first (default 10; 0 with --count)":
    "zuerst auch so viele jüngste Ereignisse ausgeben (Standard 10; 0 mit --count)",
  "stop after this many new events":
    "nach so vielen neuen Ereignissen aufhören",
  "create an organization; you become its owner and it becomes active":
    "eine Organisation anlegen; Sie werden ihr Eigentümer und sie wird aktiv",
  "display name":
    "Anzeigename",
  "URL name (default: from the name)":
    "URL-Name (Standard: aus dem Namen)",
  "logo URL":
    "Logo-URL",
  "JSON object of extra data":
    "JSON-Objekt mit zusätzlichen Daten",
  "do not make it the active organization":
    "nicht zur aktiven Organisation machen",
  "organizations you belong to":
    "Organisationen, denen Sie angehören",
  "an organization with its members, invitations and teams":
    "eine Organisation mit ihren Mitgliedern, Einladungen und Teams",
  "organization id or slug (default: `auth org use`, else the active one)":
    "ID oder Slug der Organisation (Standard: `auth org use`, sonst die aktive)",
  "id or slug":
    "ID oder Slug",
  "change name, slug, logo or metadata":
    "Name, Slug, Logo oder Metadaten ändern",
  "new name":
    "neuer Name",
  "new slug":
    "neuer Slug",
  "new logo URL":
    "neue Logo-URL",
  "replace metadata with this JSON object":
    "Metadaten durch dieses JSON-Objekt ersetzen",
  "delete an organization with its members, invitations and teams":
    "eine Organisation mit ihren Mitgliedern, Einladungen und Teams löschen",
  "make an organization active for your session and this profile":
    "eine Organisation für Ihre Sitzung und dieses Profil aktiv machen",
  "invite someone by email (an invitation mail is sent)":
    "jemanden per E-Mail einladen (eine Einladungs-E-Mail wird gesendet)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "Rolle(n) beim Beitritt: member, admin, owner (mehrere durch Kommas getrennt)",
  "team id(s) or name(s) to join":
    "ID(s) oder Name(n) der Teams, denen beigetreten wird",
  "send again if already invited":
    "erneut senden, wenn bereits eingeladen",
  "who to invite":
    "wer eingeladen wird",
  "invitations sent by an organization":
    "Einladungen, die eine Organisation verschickt hat",
  "an organization's invitations, newest first":
    "die Einladungen einer Organisation, neueste zuerst",
  "cancel an invitation":
    "eine Einladung zurückziehen",
  "invitation id":
    "Einladungs-ID",
  "members of an organization":
    "Mitglieder einer Organisation",
  "members with their roles":
    "Mitglieder mit ihren Rollen",
  "search name or email":
    "Name oder E-Mail-Adresse suchen",
  "at most this many":
    "höchstens so viele",
  "remove a member":
    "ein Mitglied entfernen",
  "member id, user id or email":
    "Mitglieds-ID, Benutzer-ID oder E-Mail-Adresse",
  "change a member's role":
    "die Rolle eines Mitglieds ändern",
  "leave an organization (an only owner cannot)":
    "eine Organisation verlassen (ein einziger Eigentümer kann das nicht)",
  "teams inside an organization":
    "Teams innerhalb einer Organisation",
  "create a team":
    "ein Team anlegen",
  "team name":
    "Teamname",
  "teams of an organization":
    "Teams einer Organisation",
  "rename a team":
    "ein Team umbenennen",
  "team id or name":
    "Team-ID oder -Name",
  "remove a team":
    "ein Team entfernen",
  "put an organization member in a team":
    "ein Mitglied der Organisation in ein Team aufnehmen",
  "take a member out of a team":
    "ein Mitglied aus einem Team nehmen",
  "your pending invitations":
    "Ihre offenen Einladungen",
  "join the organization (it becomes active)":
    "der Organisation beitreten (sie wird aktiv)",
  "decline an invitation":
    "eine Einladung ablehnen",
  "your live sessions; token is a revocation handle, current marks this one":
    "Ihre aktiven Sitzungen; token ist ein Kennzeichen zum Beenden, current markiert diese",
  "end one of your sessions":
    "eine Ihrer Sitzungen beenden",
  "handle from `auth sessions list`":
    "Kennzeichen aus `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "alle Sitzungen außer dieser beenden (andere Geräte abmelden)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "Zwei-Faktor-Authentifizierung für Ihr Konto (Authenticator-App, Backup-Codes)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "eine Authenticator-App einrichten: zeigt einmal einen QR-Code und 10 Backup-Codes, fragt dann nach einem ersten Code",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "das Passwort aus der Standardeingabe lesen (später mit `auth account 2fa verify <code>` bestätigen)",
  "name shown in the authenticator app":
    "in der Authenticator-App angezeigter Name",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "`2fa enable` abschließen: Mit dem ersten richtigen Code wird die Zwei-Faktor-Authentifizierung eingeschaltet",
  "the 6-digit code your authenticator app shows":
    "der 6-stellige Code, den Ihre Authenticator-App zeigt",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "die Zwei-Faktor-Authentifizierung ausschalten (vergisst das Geheimnis, die Backup-Codes und vertrauenswürdige Geräte)",
  "replace your backup codes with 10 new ones, shown once":
    "Ihre Backup-Codes durch 10 neue ersetzen, einmal angezeigt",
  "your profile and linked accounts":
    "Ihr Profil und verknüpfte Konten",
  "change your name, image, username or display username":
    "Ihren Namen, Ihr Bild, Ihren Benutzernamen oder Anzeige-Benutzernamen ändern",
  "avatar URL (empty string clears it)":
    "Avatar-URL (leere Zeichenkette entfernt ihn)",
  "username":
    "Benutzername",
  "username as displayed":
    "Benutzername, wie er angezeigt wird",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "Ihr Passwort ändern (aktuelles und neues aus verdeckten Abfragen oder zwei Zeilen auf der Standardeingabe)",
  "read the current password, then the new one, one per line, from standard input":
    "das aktuelle Passwort, dann das neue, je eine Zeile, aus der Standardeingabe lesen",
  "also sign out every other session":
    "auch alle anderen Sitzungen abmelden",
  "change your email (verified accounts confirm by mail first)":
    "Ihre E-Mail-Adresse ändern (bestätigte Konten bestätigen zuerst per E-Mail)",
  "the new address":
    "die neue Adresse",
  "create a key for yourself; it is printed once":
    "einen Schlüssel für sich selbst anlegen; er wird einmal ausgegeben",
  "a name to recognise it by":
    "ein Name, an dem Sie ihn erkennen",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "z. B. 30d oder 1w (mindestens 1d; Standard: nie)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "den Schlüssel einschränken, z. B. user:ban,list (wiederholbar; Standard: Ihre eigenen Rechte)",
  "stop working after this many requests":
    "nach so vielen Anfragen nicht mehr funktionieren",
  "text before the key, e.g. cron_":
    "Text vor dem Schlüssel, z. B. cron_",
  "your keys, or with --user another user's (administrators)":
    "Ihre Schlüssel, oder mit --user die eines anderen Benutzers (Administratoren)",
  "id or email of the user whose keys to list":
    "ID oder E-Mail-Adresse des Benutzers, dessen Schlüssel aufgelistet werden",
  "delete a key at once; scripts using it stop working":
    "einen Schlüssel sofort löschen; Skripte, die ihn verwenden, funktionieren nicht mehr",
  "revoke another user's key (needs session:revoke)":
    "den Schlüssel eines anderen Benutzers widerrufen (braucht session:revoke)",
  "key id from `auth api-keys list`":
    "Schlüssel-ID aus `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "den Authentifizierungsserver starten (API unter /api/auth), nachdem die Datenbank migriert wurde",
  "port to listen on (AUTH_PORT; default: 3000)":
    "Port, auf dem gelauscht wird (AUTH_PORT; Standard: 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "Schnittstelle, an die gebunden wird (AUTH_HOST; Standard: 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "SQLite-Datenbankdatei oder postgres://-URL (AUTH_DB; Standard: ./data/latchkey.db; eine URL mit Passwort: besser AUTH_DB oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "öffentliche URL des Servers (AUTH_BASE_URL; Standard: http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "Server-Geheimnis, ≥ 32 Zeichen (AUTH_SECRET; besser AUTH_SECRET oder die Konfigurationsdatei: Argumente sind für andere Benutzer sichtbar (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "durch Kommas getrennte zusätzliche Origins, die die API aufrufen dürfen (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "E-Mails über diesen SMTP-Server senden statt in den Postausgang (AUTH_SMTP_URL; mit Passwort: besser AUTH_SMTP_URL oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "Ratenbegrenzung ausschalten (Benchmarks, lokale Tests)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Zähler der Ratenbegrenzung in Redis halten, von allen Servern geteilt (AUTH_REDIS_URL; mit Passwort: besser AUTH_REDIS_URL oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "JSON-Einstellungsdatei (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "die Einstellungen (Konfigurationsdatei + AUTH_*-Umgebung + Optionen) prüfen, ohne zu starten; gibt sie mit maskierten Geheimnissen aus",
  "port to listen on (AUTH_PORT)":
    "Port, auf dem gelauscht wird (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "Schnittstelle, an die gebunden wird (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "SQLite-Datenbankdatei oder postgres://-URL (AUTH_DB; eine URL mit Passwort: besser AUTH_DB oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "öffentliche URL des Servers (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "durch Kommas getrennte zusätzliche Origins (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "SMTP-Server (AUTH_SMTP_URL; mit Passwort: besser AUTH_SMTP_URL oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "turn rate limiting off":
    "Ratenbegrenzung ausschalten",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis für gemeinsame Zähler der Ratenbegrenzung (AUTH_REDIS_URL; mit Passwort: besser AUTH_REDIS_URL oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "jedes gespeicherte Geheimnis unter AUTH_SECRET neu versiegeln (Werte, die mit AUTH_PREVIOUS_SECRETS versiegelt sind), dann die Datenbank als damit versiegelt markieren",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "JSON-Einstellungsdatei (AUTH_CONFIG): ihr secret und previousSecrets",
  "apply pending database migrations":
    "ausstehende Datenbankmigrationen anwenden",
  "create an administrator, or make an existing user one (works on the database directly)":
    "einen Administrator anlegen oder einen vorhandenen Benutzer dazu machen (arbeitet direkt auf der Datenbank)",
  "the administrator's email":
    "die E-Mail-Adresse des Administrators",
  "display name for a new user":
    "Anzeigename für einen neuen Benutzer",
  "read the new user's password from standard input":
    "das Passwort des neuen Benutzers aus der Standardeingabe lesen",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "die SQLite-Datenbank mit der Online-Backup-API von SQLite kopieren (konsistent, während der Server läuft)",
  "SQLite database file to copy (AUTH_DB)":
    "zu kopierende SQLite-Datenbankdatei (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "wohin die Kopie geschrieben wird (Modus 0600: sie enthält Passwort-Hashes)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "auch das Server-Geheimnis nach <out>.secret schreiben (Modus 0600): Eine Wiederherstellung braucht es",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "JSON-Einstellungsdatei (AUTH_CONFIG): ihr secret, für --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "eine mit `auth server backup` erstellte Sicherung nach Prüfung an die Stelle der SQLite-Datenbank setzen (zuvor den Server beenden)",
  "the backup file":
    "die Sicherungsdatei",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "zu ersetzende SQLite-Datenbankdatei (AUTH_DB; eine URL mit Passwort: besser AUTH_DB oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "jede Tabelle von einer Datenbank in eine andere kopieren: SQLite-Datei oder postgres://-URL, in beide Richtungen",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "Quelle: SQLite-Datei oder postgres://-URL (eine SQLite-Quelle darf in Betrieb bleiben)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "Ziel: SQLite-Datei oder postgres://-URL, zuerst migriert; muss leer sein",
  "delete the target's rows first when it is not empty":
    "die Zeilen des Ziels zuerst löschen, wenn es nicht leer ist",
  "rows per transaction on the target (default 2000)":
    "Zeilen pro Transaktion im Ziel (Standard 2000)",
  "list outbox mail, newest first":
    "E-Mails im Postausgang auflisten, neueste zuerst",
  "only mail to this address":
    "nur E-Mails an diese Adresse",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "nur diese Art: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh oder fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Exit-Codes: 0 ok, 1 Fehler (auch teilweises Scheitern einer Massenbearbeitung), 2 Aufruffehler oder fehlende Bestätigung, 3 nicht angemeldet, 4 verboten, 5 nicht gefunden, 6 Konflikt, 7 Netzwerk, 8 Rate begrenzt, 70 intern.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "JSON-Einstellungsdatei (AUTH_CONFIG): ihre db und ihr secret",
  "a first-party app: no consent page":
    "eine Erstanbieter-App: keine Zustimmungsseite",
  "a new secret, printed once; the old one stops working at once":
    "ein neues Geheimnis, einmal ausgegeben; das alte ist sofort ungültig",
  "a public app (no secret; PKCE required): single-page and native apps":
    "eine öffentliche App (kein Geheimnis; PKCE erforderlich): Single-Page- und native Apps",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "Apps, bei denen sich Personen über Latchkey anmelden (Clients für OpenID Connect)",
  "delete the app with its grants and tokens":
    "die App mit ihren Freigaben und Tokens löschen",
  "every registered app":
    "alle registrierten Apps",
  "from `auth apps list`":
    "aus `auth apps list`",
  "logo shown on the consent page":
    "Logo auf der Zustimmungsseite",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "eine Datenbank von better-auth 1.x in Latchkey übernehmen: Benutzer, Passwörter, Sitzungen, Organisationen, Zwei-Faktor-Authentifizierung, Passkeys, API-Schlüssel, JWT-Schlüssel",
  "refuse the app's sign-ins and tokens until enabled again":
    "Anmeldungen und Tokens der App ablehnen, bis sie wieder aktiviert wird",
  "register an app; a confidential app's secret is printed once":
    "eine App registrieren; das Geheimnis einer vertraulichen App wird einmal ausgegeben",
  "report what it would do, and every row it cannot carry, and write nothing":
    "melden, was geschehen würde und welche Zeilen sich nicht übernehmen lassen, und nichts schreiben",
  "rows per transaction on the target (default 5000)":
    "Zeilen pro Transaktion im Ziel (Standard 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "durch Leerzeichen getrennte Scopes, die die App anfordern darf (Standard „openid profile email offline_access“)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "das BETTER_AUTH_SECRET, mit dem better-auth lief (Umgebungsvariable BETTER_AUTH_SECRET; besser über die Umgebung)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "die Datenbank von Latchkey: SQLite-Datei oder postgres://-URL (AUTH_DB; eine URL mit Passwort: besser AUTH_DB oder die Konfigurationsdatei, Argumente sind für andere Benutzer sichtbar (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "die Datenbank von better-auth: SQLite-Datei oder postgres://-URL (wird nur gelesen)",
  "the name people see on the consent page":
    "der Name, den Personen auf der Zustimmungsseite sehen",
  "where end-session may send people back (repeatable)":
    "wohin end-session Personen zurückschicken darf (wiederholbar)",
  "where the app is told of sign-outs":
    "wo die App von Abmeldungen erfährt",
  "where the app receives the code (repeatable)":
    "wo die App den Code empfängt (wiederholbar)",
};
