/** --help in pl: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: uruchamianie serwera uwierzytelniania i zarządzanie użytkownikami, sesjami i organizacjami",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "zalogować się adresem e-mail i hasłem i zapisać sesję w profilu (tryb pliku 0600)",
  "end the session on the server and forget its token":
    "zakończyć sesję na serwerze i zapomnieć jej token",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "pokazać zalogowanego użytkownika i sesję (kod 3, gdy sesja wygasła lub ją unieważniono)",
  "named credential profiles (one per server or identity)":
    "nazwane profile poświadczeń (po jednym na serwer lub tożsamość)",
  "administer users, sessions and the audit log (administrator session needed)":
    "administrowanie użytkownikami, sesjami i dziennikiem audytu (wymaga sesji administratora)",
  "organizations you belong to: members, invitations, teams":
    "organizacje konta: członkowie, zaproszenia, zespoły",
  "invitations addressed to you":
    "zaproszenia skierowane do tego konta",
  "your own sessions":
    "sesje tego konta",
  "your own account":
    "własne konto",
  "API keys for scripts and cron jobs (shown once at creation)":
    "klucze API dla skryptów i zadań cron (pokazywane raz, przy tworzeniu)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "wypisać podpisany JWT dla siebie (serwer wymaga jwt.enabled)",
  "run and look after a local Latchkey server":
    "uruchamianie i utrzymanie lokalnego serwera Latchkey",
  "read mail the server kept in its outbox (no SMTP configured)":
    "poczta zachowana przez serwer w skrzynce nadawczej (bez SMTP)",
  "print a shell completion script":
    "wypisać skrypt uzupełniania dla powłoki",
  "output the version number":
    "pokazać numer wersji",
  "display help for command":
    "pokazać pomoc polecenia",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "adres serwera, np. http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "profil poświadczeń (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "działać kluczem API zamiast zapisanej sesji (lepiej AUTH_API_KEY: argumenty widać w `ps`)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "wypisać jeden dokument JSON i nic więcej (domyślnie, gdy stdout nie jest terminalem)",
  "print JSON lines: one object per item":
    "wypisać wiersze JSON: jeden obiekt na element",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "odpowiadać „tak” na potwierdzenia (wymagane poza terminalem dla poleceń nieodwracalnych)",
  "never prompt; fail instead of asking":
    "nigdy nie pytać; zamiast pytania zakończyć błędem",
  "Examples:":
    "Przykłady:",
  "Example:":
    "Przykład:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "Z --from-file jeden id lub e-mail w wierszu (- czyta standardowe wejście); każdy wiersz jest próbowany, wypisywane jest podsumowanie, a kod wyjścia to 1, jeśli któryś się nie powiódł. --dry-run tylko sprawdza.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Kolumny / pola: {fields} (email i name są wymagane; inne, np. id, są pomijane).\nKażdy wiersz jest próbowany; kod wyjścia 1, jeśli któryś się nie powiódł.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Kończy się kodem 0, gdy ustawienia są poprawne, a w przeciwnym razie kodem 2, wymieniając każdy problem (także nieznane klucze i zmienne AUTH_*).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Serwery mogą dalej działać: otwierają wartości dowolnym z dwóch sekretów. Uruchom, gdy każdy serwer ma AUTH_SECRET=<nowy> i AUTH_PREVIOUS_SECRETS=<stary>.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Bez --password-stdin i bez terminala do zapytania generowane jest silne hasło, wypisywane jeden raz.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Istniejący plik --out jest zastępowany dopiero po potwierdzeniu (lub z --yes). Przywrócenie wymaga sekretu serwera, którym zapieczętowano bazę: trzymaj go razem z kopią (--with-secret) albo osobno.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Sprawdza, zanim cokolwiek się zmieni: żaden serwer nie ma otwartej bazy, kopia przechodzi PRAGMA integrity_check, pochodzi z tej lub starszej wersji, a AUTH_SECRET (lub <from>.secret zapisany przez backup --with-secret) to sekret, którym ją zapieczętowano (w przeciwnym razie kod wyjścia 9). Zastąpione pliki są zachowywane jako *.before-restore.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Zapieczętowane wartości są kopiowane bez zmian: uruchamiaj serwery celu z tym samym AUTH_SECRET. Na końcu sprawdzana jest liczba wierszy każdej tabeli.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "tabele: pokaż te kolumny w tej kolejności (np. email,role,created); domyślnie najważniejsze, które się zmieszczą",
  "refused: passwords never go in arguments":
    "odrzucane: hasła nigdy nie trafiają do argumentów",
  "account email (prompted on a terminal when missing)":
    "e-mail konta (w terminalu pytany, jeśli go brak)",
  "read the password from standard input instead of the masked prompt":
    "czytaj hasło ze standardowego wejścia zamiast z ukrytego zapytania",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "konta z uwierzytelnianiem dwuskładnikowym: czytaj kod z aplikacji (lub zapasowy) ze standardowego wejścia (po wierszu z hasłem przy --password-stdin)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "zaloguj się przez dostawcę społecznościowego w przeglądarce systemowej (zob. GET /providers), np. github",
  "list saved profiles; the current one is marked":
    "lista zapisanych profili; bieżący jest oznaczony",
  "make a profile the default":
    "ustaw profil jako domyślny",
  "profile name":
    "nazwa profilu",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "zapomnij profil i jego token (najpierw uruchom `auth logout`, by zakończyć sesję)",
  "manage users (needs an administrator session)":
    "zarządzanie użytkownikami (wymaga sesji administratora)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "wyłącz uwierzytelnianie dwuskładnikowe użytkownika (sekret, kody zapasowe i zaufane urządzenia są zapominane; zapisywane w audycie)",
  "id or email":
    "id lub e-mail",
  "search, filter, sort and page through users":
    "wyszukuj, filtruj, sortuj i przeglądaj użytkowników stronami",
  "search text":
    "tekst do wyszukania",
  "field to search: email or name":
    "pole do przeszukania: email lub name",
  "contains, starts_with or ends_with":
    "contains, starts_with lub ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "filtruj po polu: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "wartość dla --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "sortuj po: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc lub desc",
  "page size (1-1000)":
    "rozmiar strony (1-1000)",
  "skip this many":
    "pomiń tyle",
  "page through every match":
    "przejdź przez wszystkie dopasowania",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "tylko użytkownicy, których logowanie jest teraz zablokowane (zbyt wiele nieudanych prób)",
  "show one user":
    "pokaż jednego użytkownika",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "utwórz użytkownika; hasło pochodzi z --password-stdin lub ukrytego zapytania (brak: użytkownik bez hasła)",
  "email address":
    "adres e-mail",
  "display name (default: the part before @)":
    "nazwa wyświetlana (domyślnie: część przed @)",
  "role, or several comma separated (default user)":
    "rola lub kilka rozdzielonych przecinkami (domyślnie user)",
  "mark the email as verified":
    "oznacz e-mail jako zweryfikowany",
  "read the password from standard input":
    "czytaj hasło ze standardowego wejścia",
  "create without a password and do not prompt (social sign-in only)":
    "utwórz bez hasła i nie pytaj (tylko logowanie społecznościowe)",
  "set a user's role":
    "ustaw rolę użytkownika",
  "role, or several comma separated":
    "rola lub kilka rozdzielonych przecinkami",
  "set a user's password (masked prompt, or --password-stdin)":
    "ustaw hasło użytkownika (ukryte zapytanie lub --password-stdin)",
  "read the new password from standard input":
    "czytaj nowe hasło ze standardowego wejścia",
  "ban users: ends all their sessions and refuses sign-in":
    "zablokuj użytkowników: kończy wszystkie ich sesje i odmawia logowania",
  "one id or email per line; - for standard input":
    "jeden id lub e-mail w wierszu; - dla standardowego wejścia",
  "with --from-file: check every line, change nothing":
    "z --from-file: sprawdź każdy wiersz, niczego nie zmieniając",
  "shown to the user (default 'No reason')":
    "pokazywany użytkownikowi (domyślnie 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "zdejmij blokadę po 90m, 12h, 7d, 2w…",
  "id or email (or use --from-file)":
    "id lub e-mail (albo użyj --from-file)",
  "lift bans":
    "zdejmij blokady",
  "clear failed sign-in lockouts":
    "zdejmij blokady logowania po nieudanych próbach",
  "delete users with their sessions, accounts and memberships":
    "usuń użytkowników wraz z ich sesjami, kontami i członkostwami",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "rozpocznij sesję jako użytkownik (1 godzina) i zapisz ją jako profil, by przez nią działać",
  "profile to store the session in":
    "profil, w którym zapisać sesję",
  "also print the session token (for scripts)":
    "wypisz też token sesji (dla skryptów)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "zakończ sesję rozpoczętą przez `impersonate` i zapomnij jej profil",
  "the profile it was saved in":
    "profil, w którym ją zapisano",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "zapisz wszystkich użytkowników z ich skrótami haseł jako wiersze JSON lub CSV (plik jest tworzony z trybem 0600)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl lub csv (domyślnie: według rozszerzenia --out, w przeciwnym razie jsonl)",
  "write here instead of standard output":
    "zapisz tutaj zamiast na standardowe wyjście",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "utwórz użytkowników z pliku, zachowując skróty ich haseł (argon2id lub scrypt z better-auth)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv lub jsonl (domyślnie: według nazwy pliku, w przeciwnym razie wykrywane)",
  "read and check the file, create nobody":
    "wczytaj i sprawdź plik, nikogo nie tworząc",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV z wierszem nagłówka lub wiersze JSON (- dla standardowego wejścia)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "zablokuj użytkowników: kończy wszystkie ich sesje i odmawia logowania (skrót od `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "zdejmij blokady (skrót od `auth admin users unban`)",
  "list and end other users' sessions":
    "wyświetlaj i kończ sesje innych użytkowników",
  "a user's live sessions (token = revocation handle)":
    "aktywne sesje użytkownika (token = identyfikator do unieważnienia)",
  "end one session":
    "zakończ jedną sesję",
  "session handle from `sessions list`":
    "identyfikator sesji z `sessions list`",
  "end every session of users":
    "zakończ wszystkie sesje użytkowników",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "zakończ wszystkie sesje użytkowników (skrót od `auth admin sessions revoke-all`)",
  "the security audit log":
    "dziennik audytu bezpieczeństwa",
  "audit events, newest first":
    "zdarzenia audytu, najnowsze najpierw",
  "who did it (id or email)":
    "kto to zrobił (id lub e-mail)",
  "who it was done to (id or email; other ids as-is)":
    "komu to zrobiono (id lub e-mail; inne id bez zmian)",
  "exact action, or a prefix ending in * (user.*)":
    "dokładna akcja lub prefiks zakończony * (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "od tej chwili: data ISO, milisekundy epoki lub czas wstecz (1h, 7d)",
  "before this time":
    "przed tą chwilą",
  "at most this many events (1-500 per page)":
    "najwyżej tyle zdarzeń (1-500 na stronę)",
  "print new events as they happen (Ctrl-C stops)":
    "wypisuj nowe zdarzenia na bieżąco (Ctrl-C zatrzymuje)",
  "how often to look":
    "jak często sprawdzać",
  "also print this many recent events first (default 10; 0 with --count)":
    "najpierw wypisz też tyle ostatnich zdarzeń (domyślnie 10; 0 z --count)",
  "stop after this many new events":
    "zatrzymaj się po tylu nowych zdarzeniach",
  "create an organization; you become its owner and it becomes active":
    "utwórz organizację; zostajesz jej właścicielem, a ona staje się aktywna",
  "display name":
    "nazwa wyświetlana",
  "URL name (default: from the name)":
    "nazwa w URL (domyślnie: z nazwy)",
  "logo URL":
    "URL logo",
  "JSON object of extra data":
    "obiekt JSON z dodatkowymi danymi",
  "do not make it the active organization":
    "nie ustawiaj jej jako aktywnej organizacji",
  "organizations you belong to":
    "organizacje, do których należysz",
  "an organization with its members, invitations and teams":
    "organizacja z jej członkami, zaproszeniami i zespołami",
  "organization id or slug (default: `auth org use`, else the active one)":
    "id lub slug organizacji (domyślnie: `auth org use`, w przeciwnym razie aktywna)",
  "id or slug":
    "id lub slug",
  "change name, slug, logo or metadata":
    "zmień nazwę, slug, logo lub metadane",
  "new name":
    "nowa nazwa",
  "new slug":
    "nowy slug",
  "new logo URL":
    "nowy URL logo",
  "replace metadata with this JSON object":
    "zastąp metadane tym obiektem JSON",
  "delete an organization with its members, invitations and teams":
    "usuń organizację wraz z członkami, zaproszeniami i zespołami",
  "make an organization active for your session and this profile":
    "ustaw organizację jako aktywną dla twojej sesji i tego profilu",
  "invite someone by email (an invitation mail is sent)":
    "zaproś kogoś e-mailem (wysyłana jest wiadomość z zaproszeniem)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "rola lub role po dołączeniu: member, admin, owner (kilka rozdzielonych przecinkami)",
  "team id(s) or name(s) to join":
    "id lub nazwy zespołów, do których dołączyć",
  "send again if already invited":
    "wyślij ponownie, jeśli już zaproszono",
  "who to invite":
    "kogo zaprosić",
  "invitations sent by an organization":
    "zaproszenia wysłane przez organizację",
  "an organization's invitations, newest first":
    "zaproszenia organizacji, najnowsze najpierw",
  "cancel an invitation":
    "anuluj zaproszenie",
  "invitation id":
    "id zaproszenia",
  "members of an organization":
    "członkowie organizacji",
  "members with their roles":
    "członkowie z ich rolami",
  "search name or email":
    "szukaj nazwy lub e-maila",
  "at most this many":
    "najwyżej tyle",
  "remove a member":
    "usuń członka",
  "member id, user id or email":
    "id członka, id użytkownika lub e-mail",
  "change a member's role":
    "zmień rolę członka",
  "leave an organization (an only owner cannot)":
    "opuść organizację (jedyny właściciel nie może)",
  "teams inside an organization":
    "zespoły w organizacji",
  "create a team":
    "utwórz zespół",
  "team name":
    "nazwa zespołu",
  "teams of an organization":
    "zespoły organizacji",
  "rename a team":
    "zmień nazwę zespołu",
  "team id or name":
    "id lub nazwa zespołu",
  "remove a team":
    "usuń zespół",
  "put an organization member in a team":
    "dodaj członka organizacji do zespołu",
  "take a member out of a team":
    "wyjmij członka z zespołu",
  "your pending invitations":
    "twoje oczekujące zaproszenia",
  "join the organization (it becomes active)":
    "dołącz do organizacji (staje się aktywna)",
  "decline an invitation":
    "odrzuć zaproszenie",
  "your live sessions; token is a revocation handle, current marks this one":
    "twoje aktywne sesje; token to identyfikator do unieważnienia, current oznacza bieżącą",
  "end one of your sessions":
    "zakończ jedną ze swoich sesji",
  "handle from `auth sessions list`":
    "identyfikator z `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "zakończ wszystkie sesje oprócz bieżącej (wyloguj inne urządzenia)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "uwierzytelnianie dwuskładnikowe twojego konta (aplikacja uwierzytelniająca, kody zapasowe)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "skonfiguruj aplikację uwierzytelniającą: raz pokazuje kod QR i 10 kodów zapasowych, potem pyta o pierwszy kod",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "czytaj hasło ze standardowego wejścia (potwierdź później przez `auth account 2fa verify <code>`)",
  "name shown in the authenticator app":
    "nazwa pokazywana w aplikacji uwierzytelniającej",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "dokończ `2fa enable`: uwierzytelnianie dwuskładnikowe włącza się pierwszym poprawnym kodem",
  "the 6-digit code your authenticator app shows":
    "6-cyfrowy kod pokazywany przez aplikację uwierzytelniającą",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "wyłącz uwierzytelnianie dwuskładnikowe (zapomina sekret, kody zapasowe i zaufane urządzenia)",
  "replace your backup codes with 10 new ones, shown once":
    "zastąp kody zapasowe 10 nowymi, pokazywanymi raz",
  "your profile and linked accounts":
    "twój profil i powiązane konta",
  "change your name, image, username or display username":
    "zmień imię, obraz, nazwę użytkownika lub wyświetlaną nazwę użytkownika",
  "avatar URL (empty string clears it)":
    "URL awatara (pusty ciąg go usuwa)",
  "username":
    "nazwa użytkownika",
  "username as displayed":
    "nazwa użytkownika w wyświetlanej postaci",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "zmień hasło (bieżące i nowe z ukrytych zapytań lub dwa wiersze na standardowym wejściu)",
  "read the current password, then the new one, one per line, from standard input":
    "czytaj bieżące hasło, a potem nowe, po jednym w wierszu, ze standardowego wejścia",
  "also sign out every other session":
    "wyloguj też wszystkie pozostałe sesje",
  "change your email (verified accounts confirm by mail first)":
    "zmień adres e-mail (zweryfikowane konta najpierw potwierdzają zmianę e-mailem)",
  "the new address":
    "nowy adres",
  "create a key for yourself; it is printed once":
    "utwórz klucz dla siebie; jest wypisywany raz",
  "a name to recognise it by":
    "nazwa, po której go rozpoznasz",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "np. 30d lub 1w (co najmniej 1d; domyślnie: nigdy)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "ogranicz klucz, np. user:ban,list (można powtarzać; domyślnie: twoje własne uprawnienia)",
  "stop working after this many requests":
    "przestań działać po tylu żądaniach",
  "text before the key, e.g. cron_":
    "tekst przed kluczem, np. cron_",
  "your keys, or with --user another user's (administrators)":
    "twoje klucze lub z --user klucze innego użytkownika (administratorzy)",
  "id or email of the user whose keys to list":
    "id lub e-mail użytkownika, którego klucze wyświetlić",
  "delete a key at once; scripts using it stop working":
    "usuń klucz od razu; skrypty, które go używają, przestaną działać",
  "revoke another user's key (needs session:revoke)":
    "unieważnij klucz innego użytkownika (wymaga session:revoke)",
  "key id from `auth api-keys list`":
    "id klucza z `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "uruchom serwer uwierzytelniania (API pod /api/auth), najpierw migrując bazę danych",
  "port to listen on (AUTH_PORT; default: 3000)":
    "port nasłuchu (AUTH_PORT; domyślnie: 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "interfejs do powiązania (AUTH_HOST; domyślnie: 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "plik bazy SQLite lub URL postgres:// (AUTH_DB; domyślnie: ./data/latchkey.db; URL z hasłem: lepiej AUTH_DB lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "publiczny URL serwera (AUTH_BASE_URL; domyślnie: http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "sekret serwera, ≥ 32 znaki (AUTH_SECRET; lepiej AUTH_SECRET lub plik konfiguracji: argumenty są widoczne dla innych użytkowników (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "dodatkowe źródła rozdzielone przecinkami, które mogą wywoływać API (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "wysyłaj pocztę przez ten serwer SMTP zamiast do skrzynki nadawczej (AUTH_SMTP_URL; z hasłem: lepiej AUTH_SMTP_URL lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "wyłącz ograniczanie liczby żądań (testy wydajności, lokalne QA)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "trzymaj liczniki ograniczania w Redis, wspólne dla wszystkich serwerów (AUTH_REDIS_URL; z hasłem: lepiej AUTH_REDIS_URL lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "plik ustawień JSON (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "sprawdź ustawienia (plik konfiguracji + środowisko AUTH_* + opcje) bez uruchamiania; wypisuje je z zamaskowanymi sekretami",
  "port to listen on (AUTH_PORT)":
    "port nasłuchu (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "interfejs do powiązania (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "plik bazy SQLite lub URL postgres:// (AUTH_DB; URL z hasłem: lepiej AUTH_DB lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "publiczny URL serwera (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "dodatkowe źródła rozdzielone przecinkami (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "serwer SMTP (AUTH_SMTP_URL; z hasłem: lepiej AUTH_SMTP_URL lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "turn rate limiting off":
    "wyłącz ograniczanie liczby żądań",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis na wspólne liczniki ograniczania (AUTH_REDIS_URL; z hasłem: lepiej AUTH_REDIS_URL lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "ponownie zapieczętuj każdy przechowywany sekret pod AUTH_SECRET (wartości zapieczętowane AUTH_PREVIOUS_SECRETS), a potem oznacz bazę jako nim zapieczętowaną",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "plik ustawień JSON (AUTH_CONFIG): jego secret i previousSecrets",
  "apply pending database migrations":
    "zastosuj oczekujące migracje bazy danych",
  "create an administrator, or make an existing user one (works on the database directly)":
    "utwórz administratora lub uczyń nim istniejącego użytkownika (działa bezpośrednio na bazie danych)",
  "the administrator's email":
    "e-mail administratora",
  "display name for a new user":
    "nazwa wyświetlana nowego użytkownika",
  "read the new user's password from standard input":
    "czytaj hasło nowego użytkownika ze standardowego wejścia",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "skopiuj bazę SQLite przez API kopii online SQLite (spójnie, gdy serwer działa)",
  "SQLite database file to copy (AUTH_DB)":
    "plik bazy SQLite do skopiowania (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "gdzie zapisać kopię (tryb 0600: zawiera skróty haseł)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "zapisz też sekret serwera do <out>.secret (tryb 0600): przywrócenie go wymaga",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "plik ustawień JSON (AUTH_CONFIG): jego secret, dla --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "wstaw kopię zrobioną przez `auth server backup` w miejsce bazy SQLite, po jej sprawdzeniu (najpierw zatrzymaj serwer)",
  "the backup file":
    "plik kopii zapasowej",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "plik bazy SQLite do zastąpienia (AUTH_DB; URL z hasłem: lepiej AUTH_DB lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "skopiuj każdą tabelę z jednej bazy do drugiej: plik SQLite lub URL postgres://, w obie strony",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "źródło: plik SQLite lub URL postgres:// (źródło SQLite może dalej działać)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "cel: plik SQLite lub URL postgres://, najpierw migrowany; musi być pusty",
  "delete the target's rows first when it is not empty":
    "najpierw usuń wiersze celu, jeśli nie jest pusty",
  "rows per transaction on the target (default 2000)":
    "wierszy na transakcję w celu (domyślnie 2000)",
  "list outbox mail, newest first":
    "lista poczty w skrzynce nadawczej, najnowsza najpierw",
  "only mail to this address":
    "tylko poczta na ten adres",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "tylko ten rodzaj: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh lub fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Kody wyjścia: 0 ok, 1 błąd (w tym częściowy błąd operacji masowej), 2 błędne użycie lub brak potwierdzenia, 3 niezalogowany, 4 zabronione, 5 nie znaleziono, 6 konflikt, 7 sieć, 8 limit żądań, 70 błąd wewnętrzny.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "plik ustawień JSON (AUTH_CONFIG): jego db i secret",
  "a first-party app: no consent page":
    "aplikacja własna: bez strony zgody",
  "a new secret, printed once; the old one stops working at once":
    "nowy sekret, wypisywany raz; stary natychmiast przestaje działać",
  "a public app (no secret; PKCE required): single-page and native apps":
    "aplikacja publiczna (bez sekretu; wymagane PKCE): aplikacje jednostronicowe i natywne",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "aplikacje, w których logowanie odbywa się przez Latchkey (klienci OpenID Connect)",
  "delete the app with its grants and tokens":
    "usuń aplikację wraz z jej zgodami i tokenami",
  "every registered app":
    "wszystkie zarejestrowane aplikacje",
  "from `auth apps list`":
    "z `auth apps list`",
  "logo shown on the consent page":
    "logo wyświetlane na stronie zgody",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "przenieś bazę better-auth 1.x do Latchkey: użytkownicy, hasła, sesje, organizacje, uwierzytelnianie dwuskładnikowe, klucze dostępu, klucze API, klucze JWT",
  "refuse the app's sign-ins and tokens until enabled again":
    "odrzucaj logowania i tokeny aplikacji do czasu jej ponownego włączenia",
  "register an app; a confidential app's secret is printed once":
    "zarejestruj aplikację; sekret aplikacji poufnej jest wypisywany raz",
  "report what it would do, and every row it cannot carry, and write nothing":
    "pokaż, co zostałoby zrobione i których wierszy nie da się przenieść, niczego nie zapisując",
  "rows per transaction on the target (default 5000)":
    "wierszy na transakcję w celu (domyślnie 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "zakresy rozdzielone spacjami, o które aplikacja może prosić (domyślnie „openid profile email offline_access”)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "BETTER_AUTH_SECRET, z którym działał better-auth (zmienna środowiskowa BETTER_AUTH_SECRET; lepiej przez środowisko)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "baza Latchkey: plik SQLite lub URL postgres:// (AUTH_DB; URL z hasłem: lepiej AUTH_DB lub plik konfiguracji, argumenty są widoczne dla innych użytkowników (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "baza better-auth: plik SQLite lub URL postgres:// (tylko do odczytu)",
  "the name people see on the consent page":
    "nazwa widoczna na stronie zgody",
  "where end-session may send people back (repeatable)":
    "dokąd end-session może odesłać użytkowników (można powtarzać)",
  "where the app is told of sign-outs":
    "gdzie aplikacja jest powiadamiana o wylogowaniach",
  "where the app receives the code (repeatable)":
    "gdzie aplikacja odbiera kod (można powtarzać)",
};
