/** --help in uk: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: запуск сервера автентифікації та керування користувачами, сеансами й організаціями",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "увійти за адресою електронної пошти та паролем і зберегти сеанс у профілі (режим файлу 0600)",
  "end the session on the server and forget its token":
    "завершити сеанс на сервері й забути його токен",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "показати поточного користувача й сеанс (код 3, якщо сеанс закінчився або відкликаний)",
  "named credential profiles (one per server or identity)":
    "іменовані профілі облікових даних (по одному на сервер або особу)",
  "administer users, sessions and the audit log (administrator session needed)":
    "адміністрування користувачів, сеансів і журналу аудиту (потрібен сеанс адміністратора)",
  "organizations you belong to: members, invitations, teams":
    "Ваші організації: учасники, запрошення, команди",
  "invitations addressed to you":
    "запрошення, адресовані Вам",
  "your own sessions":
    "Ваші сеанси",
  "your own account":
    "Ваш обліковий запис",
  "API keys for scripts and cron jobs (shown once at creation)":
    "API-ключі для скриптів і завдань cron (показуються один раз під час створення)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "вивести підписаний JWT для себе (на сервері потрібен jwt.enabled)",
  "run and look after a local Latchkey server":
    "запуск і обслуговування локального сервера Latchkey",
  "read mail the server kept in its outbox (no SMTP configured)":
    "листи, збережені сервером у вихідних (SMTP не налаштовано)",
  "print a shell completion script":
    "вивести скрипт автодоповнення для оболонки",
  "output the version number":
    "показати номер версії",
  "display help for command":
    "показати довідку щодо команди",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "адреса сервера, наприклад http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "профіль облікових даних (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "діяти з API-ключем замість збереженого сеансу (краще AUTH_API_KEY: аргументи видно в `ps`)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "вивести один документ JSON і нічого більше (типово, якщо stdout не термінал)",
  "print JSON lines: one object per item":
    "вивести рядки JSON: по об’єкту на елемент",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "відповідати «так» на підтвердження (потрібно поза терміналом для незворотних команд)",
  "never prompt; fail instead of asking":
    "ніколи не питати; замість запитання завершуватися з помилкою",
  "Examples:":
    "Приклади:",
  "Example:":
    "Приклад:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "З --from-file — по одному id або адресі пошти в рядку (- читає стандартний ввід); обробляється кожен рядок, виводиться підсумок, код виходу 1, якщо хоч один не вдався. --dry-run лише перевіряє.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Стовпці / поля: {fields} (email і name обов’язкові; інші, наприклад id, ігноруються).\nОбробляється кожен рядок; код виходу 1, якщо хоч один не вдався.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Завершується з кодом 0, якщо налаштування правильні, інакше з кодом 2 і переліком усіх проблем (зокрема невідомих ключів і змінних AUTH_*).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Сервери можуть працювати далі: вони відкривають значення будь-яким із двох секретів. Запускайте, коли кожен сервер матиме AUTH_SECRET=<новий> і AUTH_PREVIOUS_SECRETS=<старий>.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Якщо немає ні --password-stdin, ні термінала для запиту, створюється надійний пароль і виводиться один раз.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Наявний файл --out замінюється лише після підтвердження (або з --yes). Для відновлення потрібен секрет сервера, яким запечатано базу: зберігайте його разом із копією (--with-secret) або окремо від неї.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Перевіряється до будь-яких змін: базу не тримає відкритою жоден сервер, копія проходить PRAGMA integrity_check, зроблена цією або старішою версією, і AUTH_SECRET (або <from>.secret, записаний backup --with-secret) — той секрет, яким її запечатано (інакше код виходу 9). Замінені файли зберігаються як *.before-restore.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Запечатані значення копіюються як є: запускайте сервери цілі з тим самим AUTH_SECRET. Наприкінці звіряється кількість рядків кожної таблиці.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "таблиці: показувати ці стовпці в цьому порядку (наприклад, email,role,created); за замовчуванням — найважливіші з тих, що вміщуються",
  "refused: passwords never go in arguments":
    "відхиляється: паролі ніколи не передаються в аргументах",
  "account email (prompted on a terminal when missing)":
    "адреса пошти облікового запису (у терміналі запитується, якщо не вказана)",
  "read the password from standard input instead of the masked prompt":
    "читати пароль зі стандартного вводу замість прихованого запиту",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "для двофакторних облікових записів: читати код застосунку-автентифікатора (або резервний код) зі стандартного вводу (після рядка з паролем при --password-stdin)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "увійти через соціального провайдера в системному браузері (див. GET /providers), наприклад github",
  "list saved profiles; the current one is marked":
    "список збережених профілів; поточний позначено",
  "make a profile the default":
    "зробити профіль типовим",
  "profile name":
    "назва профілю",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "забути профіль і його токен (спершу виконайте `auth logout`, щоб завершити сесію)",
  "manage users (needs an administrator session)":
    "керування користувачами (потрібна сесія адміністратора)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "вимкнути двофакторну автентифікацію користувача (секрет, резервні коди й довірені пристрої забуваються; записується в журнал аудиту)",
  "id or email":
    "id або адреса пошти",
  "search, filter, sort and page through users":
    "шукати, фільтрувати, сортувати й гортати користувачів",
  "search text":
    "текст для пошуку",
  "field to search: email or name":
    "поле для пошуку: email або name",
  "contains, starts_with or ends_with":
    "contains, starts_with або ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "фільтр за полем: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "значення для --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "сортувати за: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc або desc",
  "page size (1-1000)":
    "розмір сторінки (1-1000)",
  "skip this many":
    "пропустити стільки",
  "page through every match":
    "перегорнути всі збіги",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "лише користувачі, вхід яких зараз заблоковано (забагато невдалих спроб)",
  "show one user":
    "показати одного користувача",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "створити користувача; пароль береться з --password-stdin або прихованого запиту (без нього — користувач без пароля)",
  "email address":
    "адреса електронної пошти",
  "display name (default: the part before @)":
    "відображуване ім’я (за замовчуванням — частина до @)",
  "role, or several comma separated (default user)":
    "роль або кілька через кому (за замовчуванням user)",
  "mark the email as verified":
    "позначити адресу пошти як підтверджену",
  "read the password from standard input":
    "читати пароль зі стандартного вводу",
  "create without a password and do not prompt (social sign-in only)":
    "створити без пароля й не запитувати (лише вхід через соцмережі)",
  "set a user's role":
    "призначити роль користувачеві",
  "role, or several comma separated":
    "роль або кілька через кому",
  "set a user's password (masked prompt, or --password-stdin)":
    "задати пароль користувача (прихований запит або --password-stdin)",
  "read the new password from standard input":
    "читати новий пароль зі стандартного вводу",
  "ban users: ends all their sessions and refuses sign-in":
    "заблокувати користувачів: завершує всі їхні сесії та забороняє вхід",
  "one id or email per line; - for standard input":
    "по одному id або адресі пошти в рядку; - для стандартного вводу",
  "with --from-file: check every line, change nothing":
    "з --from-file: перевірити кожен рядок, нічого не змінюючи",
  "shown to the user (default 'No reason')":
    "показується користувачеві (за замовчуванням 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "зняти блокування через 90m, 12h, 7d, 2w…",
  "id or email (or use --from-file)":
    "id або адреса пошти (або використайте --from-file)",
  "lift bans":
    "зняти блокування",
  "clear failed sign-in lockouts":
    "зняти блокування входу після невдалих спроб",
  "delete users with their sessions, accounts and memberships":
    "видалити користувачів разом з їхніми сесіями, обліковими записами й членством",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "почати сесію від імені користувача (1 година) і зберегти її як профіль для дій від його імені",
  "profile to store the session in":
    "профіль, у якому зберегти сесію",
  "also print the session token (for scripts)":
    "також вивести токен сесії (для скриптів)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "завершити сесію, почату через `impersonate`, і забути її профіль",
  "the profile it was saved in":
    "профіль, у якому її збережено",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "записати всіх користувачів із хешами паролів у вигляді рядків JSON або CSV (файл створюється з режимом 0600)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl або csv (за замовчуванням — за розширенням --out, інакше jsonl)",
  "write here instead of standard output":
    "записати сюди замість стандартного виводу",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "створити користувачів із файлу, зберігши хеші їхніх паролів (argon2id або scrypt із better-auth)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv або jsonl (за замовчуванням — за назвою файлу, інакше визначається автоматично)",
  "read and check the file, create nobody":
    "прочитати й перевірити файл, нікого не створюючи",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV із рядком заголовків або рядки JSON (- для стандартного вводу)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "заблокувати користувачів: завершує всі їхні сесії та забороняє вхід (коротка форма `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "зняти блокування (коротка форма `auth admin users unban`)",
  "list and end other users' sessions":
    "перегляд і завершення сесій інших користувачів",
  "a user's live sessions (token = revocation handle)":
    "активні сесії користувача (token — ідентифікатор для завершення)",
  "end one session":
    "завершити одну сесію",
  "session handle from `sessions list`":
    "ідентифікатор сесії з `sessions list`",
  "end every session of users":
    "завершити всі сесії користувачів",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "завершити всі сесії користувачів (коротка форма `auth admin sessions revoke-all`)",
  "the security audit log":
    "журнал аудиту безпеки",
  "audit events, newest first":
    "події аудиту, спершу нові",
  "who did it (id or email)":
    "хто це зробив (id або адреса пошти)",
  "who it was done to (id or email; other ids as-is)":
    "з ким це зробили (id або адреса пошти; інші id як є)",
  "exact action, or a prefix ending in * (user.*)":
    "точна дія або префікс, що закінчується на * (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "починаючи з цього моменту: дата ISO, мілісекунди епохи або давність (1h, 7d)",
  "before this time":
    "до цього моменту",
  "at most this many events (1-500 per page)":
    "не більше стількох подій (1-500 на сторінку)",
  "print new events as they happen (Ctrl-C stops)":
    "виводити нові події в міру появи (Ctrl-C зупиняє)",
  "how often to look":
    "як часто перевіряти",
  "also print this many recent events first (default 10; 0 with --count)":
    "спершу вивести також стільки останніх подій (за замовчуванням 10; 0 з --count)",
  "stop after this many new events":
    "зупинитися після стількох нових подій",
  "create an organization; you become its owner and it becomes active":
    "створити організацію; ви стаєте її власником, і вона стає активною",
  "display name":
    "відображувана назва",
  "URL name (default: from the name)":
    "назва в URL (за замовчуванням — із назви)",
  "logo URL":
    "URL логотипа",
  "JSON object of extra data":
    "об’єкт JSON із додатковими даними",
  "do not make it the active organization":
    "не робити її активною організацією",
  "organizations you belong to":
    "організації, до яких ви належите",
  "an organization with its members, invitations and teams":
    "організація з її учасниками, запрошеннями й командами",
  "organization id or slug (default: `auth org use`, else the active one)":
    "id або slug організації (за замовчуванням — з `auth org use`, інакше активна)",
  "id or slug":
    "id або slug",
  "change name, slug, logo or metadata":
    "змінити назву, slug, логотип або метадані",
  "new name":
    "нова назва",
  "new slug":
    "новий slug",
  "new logo URL":
    "новий URL логотипа",
  "replace metadata with this JSON object":
    "замінити метадані цим об’єктом JSON",
  "delete an organization with its members, invitations and teams":
    "видалити організацію разом з учасниками, запрошеннями й командами",
  "make an organization active for your session and this profile":
    "зробити організацію активною для вашої сесії та цього профілю",
  "invite someone by email (an invitation mail is sent)":
    "запросити когось поштою (надсилається лист із запрошенням)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "роль або ролі під час вступу: member, admin, owner (кілька через кому)",
  "team id(s) or name(s) to join":
    "id або назви команд, до яких вступити",
  "send again if already invited":
    "надіслати знову, якщо запрошення вже є",
  "who to invite":
    "кого запросити",
  "invitations sent by an organization":
    "запрошення, надіслані організацією",
  "an organization's invitations, newest first":
    "запрошення організації, спершу нові",
  "cancel an invitation":
    "скасувати запрошення",
  "invitation id":
    "id запрошення",
  "members of an organization":
    "учасники організації",
  "members with their roles":
    "учасники з їхніми ролями",
  "search name or email":
    "пошук за ім’ям або адресою пошти",
  "at most this many":
    "не більше стількох",
  "remove a member":
    "видалити учасника",
  "member id, user id or email":
    "id учасника, id користувача або адреса пошти",
  "change a member's role":
    "змінити роль учасника",
  "leave an organization (an only owner cannot)":
    "залишити організацію (єдиний власник не може)",
  "teams inside an organization":
    "команди всередині організації",
  "create a team":
    "створити команду",
  "team name":
    "назва команди",
  "teams of an organization":
    "команди організації",
  "rename a team":
    "перейменувати команду",
  "team id or name":
    "id або назва команди",
  "remove a team":
    "видалити команду",
  "put an organization member in a team":
    "додати учасника організації до команди",
  "take a member out of a team":
    "вилучити учасника з команди",
  "your pending invitations":
    "ваші очікувані запрошення",
  "join the organization (it becomes active)":
    "вступити до організації (вона стає активною)",
  "decline an invitation":
    "відхилити запрошення",
  "your live sessions; token is a revocation handle, current marks this one":
    "ваші активні сесії; token — ідентифікатор для завершення, current позначає поточну",
  "end one of your sessions":
    "завершити одну з ваших сесій",
  "handle from `auth sessions list`":
    "ідентифікатор з `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "завершити всі сесії, крім поточної (вийти на інших пристроях)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "двофакторна автентифікація вашого облікового запису (застосунок-автентифікатор, резервні коди)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "налаштувати застосунок-автентифікатор: один раз показує QR-код і 10 резервних кодів, потім запитує перший код",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "читати пароль зі стандартного вводу (підтвердити пізніше командою `auth account 2fa verify <code>`)",
  "name shown in the authenticator app":
    "назва, що показується в застосунку-автентифікаторі",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "завершити `2fa enable`: двофакторна автентифікація вмикається першим правильним кодом",
  "the 6-digit code your authenticator app shows":
    "6-значний код, який показує застосунок-автентифікатор",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "вимкнути двофакторну автентифікацію (забуває секрет, резервні коди й довірені пристрої)",
  "replace your backup codes with 10 new ones, shown once":
    "замінити резервні коди 10 новими, показуються один раз",
  "your profile and linked accounts":
    "ваш профіль і пов’язані облікові записи",
  "change your name, image, username or display username":
    "змінити ім’я, зображення, ім’я користувача або відображуване ім’я користувача",
  "avatar URL (empty string clears it)":
    "URL аватара (порожній рядок видаляє його)",
  "username":
    "ім’я користувача",
  "username as displayed":
    "ім’я користувача у відображуваному вигляді",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "змінити пароль (поточний і новий — із прихованих запитів або двома рядками стандартного вводу)",
  "read the current password, then the new one, one per line, from standard input":
    "читати поточний пароль, потім новий, по одному в рядку, зі стандартного вводу",
  "also sign out every other session":
    "також завершити всі інші сесії",
  "change your email (verified accounts confirm by mail first)":
    "змінити адресу пошти (підтверджені облікові записи спершу підтверджують зміну поштою)",
  "the new address":
    "нова адреса",
  "create a key for yourself; it is printed once":
    "створити ключ для себе; він виводиться один раз",
  "a name to recognise it by":
    "назва, за якою його впізнати",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "наприклад, 30d або 1w (не менше 1d; за замовчуванням — безстроково)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "обмежити ключ, наприклад user:ban,list (можна повторювати; за замовчуванням — ваші власні права)",
  "stop working after this many requests":
    "перестати працювати після стількох запитів",
  "text before the key, e.g. cron_":
    "текст перед ключем, наприклад cron_",
  "your keys, or with --user another user's (administrators)":
    "ваші ключі або, з --user, ключі іншого користувача (для адміністраторів)",
  "id or email of the user whose keys to list":
    "id або адреса пошти користувача, чиї ключі показати",
  "delete a key at once; scripts using it stop working":
    "одразу видалити ключ; скрипти, що його використовують, перестануть працювати",
  "revoke another user's key (needs session:revoke)":
    "відкликати ключ іншого користувача (потрібно session:revoke)",
  "key id from `auth api-keys list`":
    "id ключа з `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "запустити сервер автентифікації (API на /api/auth), спершу застосувавши міграції бази даних",
  "port to listen on (AUTH_PORT; default: 3000)":
    "порт для прослуховування (AUTH_PORT; за замовчуванням 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "інтерфейс для прив’язки (AUTH_HOST; за замовчуванням 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл бази даних SQLite або URL postgres:// (AUTH_DB; за замовчуванням ./data/latchkey.db; URL із паролем краще задавати в AUTH_DB або файлі налаштувань: аргументи видно іншим користувачам (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "публічний URL сервера (AUTH_BASE_URL; за замовчуванням http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "секрет сервера, не коротший за 32 символи (AUTH_SECRET; краще AUTH_SECRET або файл налаштувань: аргументи видно іншим користувачам (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "додаткові джерела через кому, яким дозволено викликати API (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "надсилати пошту через цей SMTP-сервер замість вихідної черги (AUTH_SMTP_URL; із паролем краще AUTH_SMTP_URL або файл налаштувань: аргументи видно іншим користувачам (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "вимкнути обмеження частоти запитів (бенчмарки, локальна перевірка)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "зберігати лічильники обмеження частоти в Redis, спільному для всіх серверів (AUTH_REDIS_URL; із паролем краще AUTH_REDIS_URL або файл налаштувань: аргументи видно іншим користувачам (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "файл налаштувань JSON (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "перевірити налаштування (файл налаштувань + середовище AUTH_* + прапорці) без запуску; виводить їх із прихованими секретами",
  "port to listen on (AUTH_PORT)":
    "порт для прослуховування (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "інтерфейс для прив’язки (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл бази даних SQLite або URL postgres:// (AUTH_DB; URL із паролем краще задавати в AUTH_DB або файлі налаштувань: аргументи видно іншим користувачам (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "публічний URL сервера (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "додаткові джерела через кому (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "SMTP-сервер (AUTH_SMTP_URL; із паролем краще AUTH_SMTP_URL або файл налаштувань: аргументи видно іншим користувачам (ps))",
  "turn rate limiting off":
    "вимкнути обмеження частоти запитів",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis для спільних лічильників обмеження частоти (AUTH_REDIS_URL; із паролем краще AUTH_REDIS_URL або файл налаштувань: аргументи видно іншим користувачам (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "перезапечатати всі збережені секрети під AUTH_SECRET (значення, запечатані AUTH_PREVIOUS_SECRETS), потім позначити базу як запечатану ним",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "файл налаштувань JSON (AUTH_CONFIG): його secret і previousSecrets",
  "apply pending database migrations":
    "застосувати очікувані міграції бази даних",
  "create an administrator, or make an existing user one (works on the database directly)":
    "створити адміністратора або зробити ним наявного користувача (працює безпосередньо з базою даних)",
  "the administrator's email":
    "адреса пошти адміністратора",
  "display name for a new user":
    "відображуване ім’я нового користувача",
  "read the new user's password from standard input":
    "читати пароль нового користувача зі стандартного вводу",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "скопіювати базу SQLite через API онлайн-копіювання SQLite (узгоджено, поки сервер працює)",
  "SQLite database file to copy (AUTH_DB)":
    "файл бази даних SQLite для копіювання (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "куди записати копію (режим 0600: у ній хеші паролів)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "також записати секрет сервера до <out>.secret (режим 0600): він потрібен для відновлення",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "файл налаштувань JSON (AUTH_CONFIG): його secret для --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "поставити копію, зроблену `auth server backup`, на місце бази SQLite після її перевірки (спершу зупиніть сервер)",
  "the backup file":
    "файл резервної копії",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл бази даних SQLite, який замінити (AUTH_DB; URL із паролем краще задавати в AUTH_DB або файлі налаштувань: аргументи видно іншим користувачам (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "скопіювати всі таблиці з однієї бази даних до іншої: файл SQLite або URL postgres://, у будь-який бік",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "джерело: файл SQLite або URL postgres:// (джерело SQLite може лишатися в роботі)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "ціль: файл SQLite або URL postgres://, спершу мігрується; має бути порожньою",
  "delete the target's rows first when it is not empty":
    "спершу видалити рядки цілі, якщо вона не порожня",
  "rows per transaction on the target (default 2000)":
    "рядків на транзакцію в цілі (за замовчуванням 2000)",
  "list outbox mail, newest first":
    "листи у вихідній черзі, спершу нові",
  "only mail to this address":
    "лише листи на цю адресу",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "лише цього виду: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh або fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Коди виходу: 0 успіх, 1 збій (зокрема частковий збій масової операції), 2 помилка виклику або немає підтвердження, 3 вхід не виконано, 4 заборонено, 5 не знайдено, 6 конфлікт, 7 мережа, 8 перевищено ліміт запитів, 70 внутрішня помилка.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "файл налаштувань JSON (AUTH_CONFIG): його db і secret",
  "a first-party app: no consent page":
    "власний застосунок: без сторінки згоди",
  "a new secret, printed once; the old one stops working at once":
    "новий секрет, виводиться один раз; старий одразу перестає діяти",
  "a public app (no secret; PKCE required): single-page and native apps":
    "публічний застосунок (без секрету; потрібен PKCE): односторінкові та нативні застосунки",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "застосунки, до яких входять через Latchkey (клієнти OpenID Connect)",
  "delete the app with its grants and tokens":
    "видалити застосунок разом із його дозволами й токенами",
  "every registered app":
    "усі зареєстровані застосунки",
  "from `auth apps list`":
    "з `auth apps list`",
  "logo shown on the consent page":
    "логотип на сторінці згоди",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "перенести базу better-auth 1.x до Latchkey: користувачі, паролі, сеанси, організації, двофакторна автентифікація, ключі доступу, API-ключі, ключі JWT",
  "refuse the app's sign-ins and tokens until enabled again":
    "відхиляти входи й токени застосунку, доки його знову не буде ввімкнено",
  "register an app; a confidential app's secret is printed once":
    "зареєструвати застосунок; секрет конфіденційного застосунку виводиться один раз",
  "report what it would do, and every row it cannot carry, and write nothing":
    "повідомити, що було б зроблено і які рядки не можна перенести, нічого не записуючи",
  "rows per transaction on the target (default 5000)":
    "рядків на транзакцію в цілі (за замовчуванням 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "області доступу через пробіл, які застосунок може запитувати (за замовчуванням «openid profile email offline_access»)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "BETTER_AUTH_SECRET, з яким працював better-auth (змінна середовища BETTER_AUTH_SECRET; краще через середовище)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "база даних Latchkey: файл SQLite або URL postgres:// (AUTH_DB; URL із паролем краще задавати в AUTH_DB або файлі налаштувань: аргументи видно іншим користувачам (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "база даних better-auth: файл SQLite або URL postgres:// (лише читання)",
  "the name people see on the consent page":
    "назва, яку користувачі бачать на сторінці згоди",
  "where end-session may send people back (repeatable)":
    "адреса, на яку end-session може повернути користувача (можна повторювати)",
  "where the app is told of sign-outs":
    "адреса, на яку застосунку повідомляють про виходи",
  "where the app receives the code (repeatable)":
    "адреса, на яку застосунок отримує код (можна повторювати)",
};
