/** --help in ru: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: запуск сервера аутентификации и управление пользователями, сеансами и организациями",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "войти по адресу электронной почты и паролю и сохранить сеанс в профиле (режим файла 0600)",
  "end the session on the server and forget its token":
    "завершить сеанс на сервере и забыть его токен",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "показать текущего пользователя и сеанс (код 3, если сеанс истёк или отозван)",
  "named credential profiles (one per server or identity)":
    "именованные профили учётных данных (по одному на сервер или личность)",
  "administer users, sessions and the audit log (administrator session needed)":
    "администрирование пользователей, сеансов и журнала аудита (нужен сеанс администратора)",
  "organizations you belong to: members, invitations, teams":
    "Ваши организации: участники, приглашения, команды",
  "invitations addressed to you":
    "приглашения, адресованные Вам",
  "your own sessions":
    "Ваши сеансы",
  "your own account":
    "Ваша учётная запись",
  "API keys for scripts and cron jobs (shown once at creation)":
    "API-ключи для скриптов и заданий cron (показываются один раз при создании)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "вывести подписанный JWT для себя (на сервере нужен jwt.enabled)",
  "run and look after a local Latchkey server":
    "запуск и обслуживание локального сервера Latchkey",
  "read mail the server kept in its outbox (no SMTP configured)":
    "письма, сохранённые сервером в исходящих (SMTP не настроен)",
  "print a shell completion script":
    "вывести скрипт автодополнения для оболочки",
  "output the version number":
    "показать номер версии",
  "display help for command":
    "показать справку по команде",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "адрес сервера, например http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "профиль учётных данных (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "действовать с API-ключом вместо сохранённого сеанса (AUTH_API_KEY предпочтительнее: аргументы видны в `ps`)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "вывести один документ JSON и ничего больше (по умолчанию, если stdout не терминал)",
  "print JSON lines: one object per item":
    "вывести строки JSON: по объекту на элемент",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "отвечать «да» на подтверждения (нужно вне терминала для необратимых команд)",
  "never prompt; fail instead of asking":
    "никогда не спрашивать; вместо вопроса завершаться с ошибкой",
  "Examples:":
    "Примеры:",
  "Example:":
    "Пример:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "С --from-file — по одному id или адресу почты в строке (- читает стандартный ввод); обрабатывается каждая строка, выводится итог, код выхода 1, если хоть одна не удалась. --dry-run только проверяет.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Столбцы / поля: {fields} (email и name обязательны; прочие, например id, игнорируются).\nОбрабатывается каждая строка; код выхода 1, если хоть одна не удалась.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Завершается с кодом 0, если настройки верны, иначе с кодом 2 и перечнем всех проблем (включая неизвестные ключи и переменные AUTH_*).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Серверы могут продолжать работу: они открывают значения любым из двух секретов. Запускайте после того, как у каждого сервера будут AUTH_SECRET=<новый> и AUTH_PREVIOUS_SECRETS=<старый>.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Если нет ни --password-stdin, ни терминала для запроса, создаётся надёжный пароль и выводится один раз.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Существующий файл --out заменяется только после подтверждения (или с --yes). Для восстановления нужен секрет сервера, которым запечатана база: храните его вместе с копией (--with-secret) или отдельно от неё.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Проверяется до любых изменений: базу не держит открытой ни один сервер, копия проходит PRAGMA integrity_check, сделана этой или более старой версией, и AUTH_SECRET (или <from>.secret, записанный backup --with-secret) — тот секрет, которым она запечатана (иначе код выхода 9). Заменённые файлы сохраняются как *.before-restore.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Запечатанные значения копируются как есть: запускайте серверы цели с тем же AUTH_SECRET. В конце сверяется число строк каждой таблицы.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "таблицы: показывать эти столбцы в этом порядке (например, email,role,created); по умолчанию — самые важные из тех, что помещаются",
  "refused: passwords never go in arguments":
    "отклоняется: пароли никогда не передаются в аргументах",
  "account email (prompted on a terminal when missing)":
    "адрес почты учётной записи (на терминале спрашивается, если не указан)",
  "read the password from standard input instead of the masked prompt":
    "читать пароль со стандартного ввода вместо скрытого запроса",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "для двухфакторных учётных записей: читать код приложения-аутентификатора (или резервный код) со стандартного ввода (после строки с паролем при --password-stdin)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "войти через социального провайдера в системном браузере (см. GET /providers), например github",
  "list saved profiles; the current one is marked":
    "список сохранённых профилей; текущий отмечен",
  "make a profile the default":
    "сделать профиль профилем по умолчанию",
  "profile name":
    "имя профиля",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "забыть профиль и его токен (сначала выполните `auth logout`, чтобы завершить сессию)",
  "manage users (needs an administrator session)":
    "управление пользователями (нужна сессия администратора)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "выключить двухфакторную аутентификацию пользователя (секрет, резервные коды и доверенные устройства забываются; записывается в журнал аудита)",
  "id or email":
    "id или адрес почты",
  "search, filter, sort and page through users":
    "искать, фильтровать, сортировать и листать пользователей",
  "search text":
    "текст для поиска",
  "field to search: email or name":
    "поле для поиска: email или name",
  "contains, starts_with or ends_with":
    "contains, starts_with или ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "фильтр по полю: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "значение для --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "сортировать по: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc или desc",
  "page size (1-1000)":
    "размер страницы (1-1000)",
  "skip this many":
    "пропустить столько",
  "page through every match":
    "пролистать все совпадения",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "только пользователи, вход которых сейчас заблокирован (слишком много неудачных попыток)",
  "show one user":
    "показать одного пользователя",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "создать пользователя; пароль берётся из --password-stdin или скрытого запроса (без него — пользователь без пароля)",
  "email address":
    "адрес электронной почты",
  "display name (default: the part before @)":
    "отображаемое имя (по умолчанию — часть до @)",
  "role, or several comma separated (default user)":
    "роль или несколько через запятую (по умолчанию user)",
  "mark the email as verified":
    "отметить адрес почты как подтверждённый",
  "read the password from standard input":
    "читать пароль со стандартного ввода",
  "create without a password and do not prompt (social sign-in only)":
    "создать без пароля и не спрашивать (только вход через соцсети)",
  "set a user's role":
    "назначить роль пользователю",
  "role, or several comma separated":
    "роль или несколько через запятую",
  "set a user's password (masked prompt, or --password-stdin)":
    "задать пароль пользователя (скрытый запрос или --password-stdin)",
  "read the new password from standard input":
    "читать новый пароль со стандартного ввода",
  "ban users: ends all their sessions and refuses sign-in":
    "заблокировать пользователей: завершает все их сессии и запрещает вход",
  "one id or email per line; - for standard input":
    "по одному id или адресу почты в строке; - для стандартного ввода",
  "with --from-file: check every line, change nothing":
    "с --from-file: проверить каждую строку, ничего не меняя",
  "shown to the user (default 'No reason')":
    "показывается пользователю (по умолчанию 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "снять блокировку через 90m, 12h, 7d, 2w…",
  "id or email (or use --from-file)":
    "id или адрес почты (или используйте --from-file)",
  "lift bans":
    "снять блокировки",
  "clear failed sign-in lockouts":
    "снять блокировку входа после неудачных попыток",
  "delete users with their sessions, accounts and memberships":
    "удалить пользователей вместе с их сессиями, учётными записями и членством",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "начать сессию от имени пользователя (1 час) и сохранить её как профиль для действий от его имени",
  "profile to store the session in":
    "профиль, в котором сохранить сессию",
  "also print the session token (for scripts)":
    "также вывести токен сессии (для скриптов)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "завершить сессию, начатую через `impersonate`, и забыть её профиль",
  "the profile it was saved in":
    "профиль, в котором она сохранена",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "записать всех пользователей с хешами паролей в виде строк JSON или CSV (файл создаётся с режимом 0600)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl или csv (по умолчанию — по расширению --out, иначе jsonl)",
  "write here instead of standard output":
    "записать сюда вместо стандартного вывода",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "создать пользователей из файла, сохранив хеши их паролей (argon2id или scrypt из better-auth)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv или jsonl (по умолчанию — по имени файла, иначе определяется автоматически)",
  "read and check the file, create nobody":
    "прочитать и проверить файл, никого не создавая",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV со строкой заголовков или строки JSON (- для стандартного ввода)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "заблокировать пользователей: завершает все их сессии и запрещает вход (краткая форма `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "снять блокировки (краткая форма `auth admin users unban`)",
  "list and end other users' sessions":
    "просмотр и завершение сессий других пользователей",
  "a user's live sessions (token = revocation handle)":
    "активные сессии пользователя (token — идентификатор для завершения)",
  "end one session":
    "завершить одну сессию",
  "session handle from `sessions list`":
    "идентификатор сессии из `sessions list`",
  "end every session of users":
    "завершить все сессии пользователей",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "завершить все сессии пользователей (краткая форма `auth admin sessions revoke-all`)",
  "the security audit log":
    "журнал аудита безопасности",
  "audit events, newest first":
    "события аудита, сначала новые",
  "who did it (id or email)":
    "кто это сделал (id или адрес почты)",
  "who it was done to (id or email; other ids as-is)":
    "с кем это сделали (id или адрес почты; прочие id как есть)",
  "exact action, or a prefix ending in * (user.*)":
    "точное действие или префикс, оканчивающийся на * (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "начиная с этого момента: дата ISO, миллисекунды эпохи или давность (1h, 7d)",
  "before this time":
    "до этого момента",
  "at most this many events (1-500 per page)":
    "не больше стольких событий (1-500 на страницу)",
  "print new events as they happen (Ctrl-C stops)":
    "выводить новые события по мере появления (Ctrl-C останавливает)",
  "how often to look":
    "как часто проверять",
  "also print this many recent events first (default 10; 0 with --count)":
    "сначала вывести также столько последних событий (по умолчанию 10; 0 с --count)",
  "stop after this many new events":
    "остановиться после стольких новых событий",
  "create an organization; you become its owner and it becomes active":
    "создать организацию; вы становитесь её владельцем, и она становится активной",
  "display name":
    "отображаемое имя",
  "URL name (default: from the name)":
    "имя в URL (по умолчанию — из названия)",
  "logo URL":
    "URL логотипа",
  "JSON object of extra data":
    "объект JSON с дополнительными данными",
  "do not make it the active organization":
    "не делать её активной организацией",
  "organizations you belong to":
    "организации, в которых вы состоите",
  "an organization with its members, invitations and teams":
    "организация с её участниками, приглашениями и командами",
  "organization id or slug (default: `auth org use`, else the active one)":
    "id или slug организации (по умолчанию — из `auth org use`, иначе активная)",
  "id or slug":
    "id или slug",
  "change name, slug, logo or metadata":
    "изменить название, slug, логотип или метаданные",
  "new name":
    "новое название",
  "new slug":
    "новый slug",
  "new logo URL":
    "новый URL логотипа",
  "replace metadata with this JSON object":
    "заменить метаданные этим объектом JSON",
  "delete an organization with its members, invitations and teams":
    "удалить организацию вместе с участниками, приглашениями и командами",
  "make an organization active for your session and this profile":
    "сделать организацию активной для вашей сессии и этого профиля",
  "invite someone by email (an invitation mail is sent)":
    "пригласить кого-либо по почте (отправляется письмо с приглашением)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "роль или роли при вступлении: member, admin, owner (несколько через запятую)",
  "team id(s) or name(s) to join":
    "id или названия команд, в которые вступить",
  "send again if already invited":
    "отправить снова, если приглашение уже есть",
  "who to invite":
    "кого пригласить",
  "invitations sent by an organization":
    "приглашения, отправленные организацией",
  "an organization's invitations, newest first":
    "приглашения организации, сначала новые",
  "cancel an invitation":
    "отменить приглашение",
  "invitation id":
    "id приглашения",
  "members of an organization":
    "участники организации",
  "members with their roles":
    "участники с их ролями",
  "search name or email":
    "поиск по имени или адресу почты",
  "at most this many":
    "не больше стольких",
  "remove a member":
    "удалить участника",
  "member id, user id or email":
    "id участника, id пользователя или адрес почты",
  "change a member's role":
    "изменить роль участника",
  "leave an organization (an only owner cannot)":
    "покинуть организацию (единственный владелец не может)",
  "teams inside an organization":
    "команды внутри организации",
  "create a team":
    "создать команду",
  "team name":
    "название команды",
  "teams of an organization":
    "команды организации",
  "rename a team":
    "переименовать команду",
  "team id or name":
    "id или название команды",
  "remove a team":
    "удалить команду",
  "put an organization member in a team":
    "добавить участника организации в команду",
  "take a member out of a team":
    "убрать участника из команды",
  "your pending invitations":
    "ваши ожидающие приглашения",
  "join the organization (it becomes active)":
    "вступить в организацию (она становится активной)",
  "decline an invitation":
    "отклонить приглашение",
  "your live sessions; token is a revocation handle, current marks this one":
    "ваши активные сессии; token — идентификатор для завершения, current отмечает текущую",
  "end one of your sessions":
    "завершить одну из ваших сессий",
  "handle from `auth sessions list`":
    "идентификатор из `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "завершить все сессии, кроме текущей (выйти на других устройствах)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "двухфакторная аутентификация вашей учётной записи (приложение-аутентификатор, резервные коды)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "настроить приложение-аутентификатор: один раз показывает QR-код и 10 резервных кодов, затем спрашивает первый код",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "читать пароль со стандартного ввода (подтвердить позже командой `auth account 2fa verify <code>`)",
  "name shown in the authenticator app":
    "имя, показываемое в приложении-аутентификаторе",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "завершить `2fa enable`: двухфакторная аутентификация включается первым верным кодом",
  "the 6-digit code your authenticator app shows":
    "6-значный код, который показывает приложение-аутентификатор",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "выключить двухфакторную аутентификацию (забывает секрет, резервные коды и доверенные устройства)",
  "replace your backup codes with 10 new ones, shown once":
    "заменить резервные коды 10 новыми, показываются один раз",
  "your profile and linked accounts":
    "ваш профиль и связанные учётные записи",
  "change your name, image, username or display username":
    "изменить имя, изображение, имя пользователя или отображаемое имя пользователя",
  "avatar URL (empty string clears it)":
    "URL аватара (пустая строка удаляет его)",
  "username":
    "имя пользователя",
  "username as displayed":
    "имя пользователя в отображаемом виде",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "сменить пароль (текущий и новый — из скрытых запросов или двумя строками стандартного ввода)",
  "read the current password, then the new one, one per line, from standard input":
    "читать текущий пароль, затем новый, по одному в строке, со стандартного ввода",
  "also sign out every other session":
    "также завершить все остальные сессии",
  "change your email (verified accounts confirm by mail first)":
    "сменить адрес почты (подтверждённые учётные записи сначала подтверждают смену по почте)",
  "the new address":
    "новый адрес",
  "create a key for yourself; it is printed once":
    "создать ключ для себя; он выводится один раз",
  "a name to recognise it by":
    "название, по которому его узнать",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "например, 30d или 1w (не меньше 1d; по умолчанию — бессрочно)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "ограничить ключ, например user:ban,list (можно повторять; по умолчанию — ваши собственные права)",
  "stop working after this many requests":
    "перестать работать после стольких запросов",
  "text before the key, e.g. cron_":
    "текст перед ключом, например cron_",
  "your keys, or with --user another user's (administrators)":
    "ваши ключи или, с --user, ключи другого пользователя (для администраторов)",
  "id or email of the user whose keys to list":
    "id или адрес почты пользователя, чьи ключи показать",
  "delete a key at once; scripts using it stop working":
    "сразу удалить ключ; использующие его скрипты перестанут работать",
  "revoke another user's key (needs session:revoke)":
    "отозвать ключ другого пользователя (нужно session:revoke)",
  "key id from `auth api-keys list`":
    "id ключа из `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "запустить сервер аутентификации (API на /api/auth), сначала применив миграции базы данных",
  "port to listen on (AUTH_PORT; default: 3000)":
    "порт для прослушивания (AUTH_PORT; по умолчанию 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "интерфейс для привязки (AUTH_HOST; по умолчанию 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл базы данных SQLite или URL postgres:// (AUTH_DB; по умолчанию ./data/latchkey.db; URL с паролем лучше задавать в AUTH_DB или файле настроек: аргументы видны другим пользователям (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "публичный URL сервера (AUTH_BASE_URL; по умолчанию http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "секрет сервера, не короче 32 символов (AUTH_SECRET; лучше AUTH_SECRET или файл настроек: аргументы видны другим пользователям (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "дополнительные источники через запятую, которым разрешено вызывать API (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "отправлять почту через этот SMTP-сервер вместо исходящей очереди (AUTH_SMTP_URL; с паролем лучше AUTH_SMTP_URL или файл настроек: аргументы видны другим пользователям (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "выключить ограничение частоты запросов (бенчмарки, локальная проверка)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "хранить счётчики ограничения частоты в Redis, общем для всех серверов (AUTH_REDIS_URL; с паролем лучше AUTH_REDIS_URL или файл настроек: аргументы видны другим пользователям (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "файл настроек JSON (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "проверить настройки (файл настроек + окружение AUTH_* + флаги) без запуска; выводит их со скрытыми секретами",
  "port to listen on (AUTH_PORT)":
    "порт для прослушивания (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "интерфейс для привязки (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл базы данных SQLite или URL postgres:// (AUTH_DB; URL с паролем лучше задавать в AUTH_DB или файле настроек: аргументы видны другим пользователям (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "публичный URL сервера (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "дополнительные источники через запятую (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "SMTP-сервер (AUTH_SMTP_URL; с паролем лучше AUTH_SMTP_URL или файл настроек: аргументы видны другим пользователям (ps))",
  "turn rate limiting off":
    "выключить ограничение частоты запросов",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis для общих счётчиков ограничения частоты (AUTH_REDIS_URL; с паролем лучше AUTH_REDIS_URL или файл настроек: аргументы видны другим пользователям (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "перезапечатать все хранимые секреты под AUTH_SECRET (значения, запечатанные AUTH_PREVIOUS_SECRETS), затем пометить базу как запечатанную им",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "файл настроек JSON (AUTH_CONFIG): его secret и previousSecrets",
  "apply pending database migrations":
    "применить ожидающие миграции базы данных",
  "create an administrator, or make an existing user one (works on the database directly)":
    "создать администратора или сделать им существующего пользователя (работает напрямую с базой данных)",
  "the administrator's email":
    "адрес почты администратора",
  "display name for a new user":
    "отображаемое имя нового пользователя",
  "read the new user's password from standard input":
    "читать пароль нового пользователя со стандартного ввода",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "скопировать базу SQLite через API онлайн-копирования SQLite (согласованно, пока сервер работает)",
  "SQLite database file to copy (AUTH_DB)":
    "файл базы данных SQLite для копирования (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "куда записать копию (режим 0600: в ней хеши паролей)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "также записать секрет сервера в <out>.secret (режим 0600): он нужен для восстановления",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "файл настроек JSON (AUTH_CONFIG): его secret для --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "поставить копию, сделанную `auth server backup`, на место базы SQLite после её проверки (сначала остановите сервер)",
  "the backup file":
    "файл резервной копии",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "файл базы данных SQLite, который заменить (AUTH_DB; URL с паролем лучше задавать в AUTH_DB или файле настроек: аргументы видны другим пользователям (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "скопировать все таблицы из одной базы данных в другую: файл SQLite или URL postgres://, в любую сторону",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "источник: файл SQLite или URL postgres:// (источник SQLite может оставаться в работе)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "цель: файл SQLite или URL postgres://, сначала мигрируется; должна быть пустой",
  "delete the target's rows first when it is not empty":
    "сначала удалить строки цели, если она не пуста",
  "rows per transaction on the target (default 2000)":
    "строк на транзакцию в цели (по умолчанию 2000)",
  "list outbox mail, newest first":
    "письма в исходящей очереди, сначала новые",
  "only mail to this address":
    "только письма на этот адрес",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "только этого вида: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh или fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Коды выхода: 0 успех, 1 сбой (в том числе частичный сбой массовой операции), 2 ошибка вызова или нет подтверждения, 3 вход не выполнен, 4 запрещено, 5 не найдено, 6 конфликт, 7 сеть, 8 превышен лимит запросов, 70 внутренняя ошибка.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "файл настроек JSON (AUTH_CONFIG): его db и secret",
  "a first-party app: no consent page":
    "собственное приложение: без страницы согласия",
  "a new secret, printed once; the old one stops working at once":
    "новый секрет, выводится один раз; старый сразу перестаёт действовать",
  "a public app (no secret; PKCE required): single-page and native apps":
    "публичное приложение (без секрета; нужен PKCE): одностраничные и нативные приложения",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "приложения, в которые входят через Latchkey (клиенты OpenID Connect)",
  "delete the app with its grants and tokens":
    "удалить приложение вместе с его разрешениями и токенами",
  "every registered app":
    "все зарегистрированные приложения",
  "from `auth apps list`":
    "из `auth apps list`",
  "logo shown on the consent page":
    "логотип на странице согласия",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "перенести базу better-auth 1.x в Latchkey: пользователи, пароли, сеансы, организации, двухфакторная аутентификация, ключи доступа, API-ключи, ключи JWT",
  "refuse the app's sign-ins and tokens until enabled again":
    "отклонять входы и токены приложения, пока оно снова не будет включено",
  "register an app; a confidential app's secret is printed once":
    "зарегистрировать приложение; секрет конфиденциального приложения выводится один раз",
  "report what it would do, and every row it cannot carry, and write nothing":
    "сообщить, что было бы сделано и какие строки нельзя перенести, ничего не записывая",
  "rows per transaction on the target (default 5000)":
    "строк на транзакцию в цели (по умолчанию 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "области доступа через пробел, которые приложение может запрашивать (по умолчанию «openid profile email offline_access»)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "BETTER_AUTH_SECRET, с которым работал better-auth (переменная окружения BETTER_AUTH_SECRET; лучше через окружение)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "база данных Latchkey: файл SQLite или URL postgres:// (AUTH_DB; URL с паролем лучше задавать в AUTH_DB или файле настроек: аргументы видны другим пользователям (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "база данных better-auth: файл SQLite или URL postgres:// (только чтение)",
  "the name people see on the consent page":
    "название, которое пользователи видят на странице согласия",
  "where end-session may send people back (repeatable)":
    "адрес, на который end-session может вернуть пользователя (можно повторять)",
  "where the app is told of sign-outs":
    "адрес, на который приложению сообщают о выходах",
  "where the app receives the code (repeatable)":
    "адрес, на который приложение получает код (можно повторять)",
};
