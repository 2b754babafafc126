/** --help in es: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: ejecute el servidor de autenticación y gestione usuarios, sesiones y organizaciones",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "iniciar sesión con correo electrónico y contraseña y guardar la sesión en un perfil (modo de archivo 0600)",
  "end the session on the server and forget its token":
    "cerrar la sesión en el servidor y olvidar su token",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "mostrar el usuario y la sesión actuales (código 3 si la sesión caducó o se revocó)",
  "named credential profiles (one per server or identity)":
    "perfiles de credenciales con nombre (uno por servidor o identidad)",
  "administer users, sessions and the audit log (administrator session needed)":
    "administrar usuarios, sesiones y el registro de auditoría (requiere sesión de administrador)",
  "organizations you belong to: members, invitations, teams":
    "sus organizaciones: miembros, invitaciones, equipos",
  "invitations addressed to you":
    "invitaciones dirigidas a usted",
  "your own sessions":
    "sus propias sesiones",
  "your own account":
    "su propia cuenta",
  "API keys for scripts and cron jobs (shown once at creation)":
    "claves de API para scripts y tareas cron (se muestran una sola vez al crearlas)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "mostrar un JWT firmado para usted (el servidor necesita jwt.enabled)",
  "run and look after a local Latchkey server":
    "ejecutar y mantener un servidor Latchkey local",
  "read mail the server kept in its outbox (no SMTP configured)":
    "leer el correo que el servidor guardó en la bandeja de salida (sin SMTP configurado)",
  "print a shell completion script":
    "mostrar un script de autocompletado para la shell",
  "output the version number":
    "mostrar el número de versión",
  "display help for command":
    "mostrar la ayuda del comando",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "URL del servidor, p. ej. http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "perfil de credenciales que se usará (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "actuar con una clave de API en lugar de una sesión guardada (mejor AUTH_API_KEY: los argumentos se ven en `ps`)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "mostrar un único documento JSON y nada más (predeterminado si stdout no es una terminal)",
  "print JSON lines: one object per item":
    "mostrar líneas JSON: un objeto por elemento",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "responder sí a las confirmaciones (necesario fuera de una terminal para comandos destructivos)",
  "never prompt; fail instead of asking":
    "no preguntar nunca; fallar en su lugar",
  "Examples:":
    "Ejemplos:",
  "Example:":
    "Ejemplo:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "Con --from-file, un id o correo por línea (- lee la entrada estándar); se intenta cada línea, se muestra un resumen y el código de salida es 1 si alguna falló. --dry-run solo comprueba.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Columnas / campos: {fields} (email y name son obligatorios; otros como id se ignoran).\nSe intenta cada fila; código de salida 1 si alguna falló.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Sale con 0 si la configuración es válida y con 2 nombrando cada problema en caso contrario (claves y variables AUTH_* desconocidas incluidas).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Los servidores pueden seguir en marcha: abren los valores con cualquiera de los dos secretos. Ejecútelo cuando todos los servidores tengan AUTH_SECRET=<nuevo> y AUTH_PREVIOUS_SECRETS=<anterior>.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Sin --password-stdin ni terminal donde preguntar, se genera una contraseña robusta y se muestra una vez.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Un archivo --out existente solo se reemplaza tras confirmar (o con --yes). Restaurar necesita el secreto del servidor con el que se selló la base de datos: guárdelo con la copia (--with-secret) o aparte de ella.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Comprueba, antes de cambiar nada: que ningún servidor tiene abierta la base de datos, que la copia supera PRAGMA integrity_check, que procede de esta versión o de una anterior, y que AUTH_SECRET (o <from>.secret escrito por backup --with-secret) es el secreto con que se selló (si no, código de salida 9). Los archivos reemplazados se conservan como *.before-restore.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Los valores sellados se copian tal cual: arranque los servidores del destino con el mismo AUTH_SECRET. Al final se comprueba el número de filas de cada tabla.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "tablas: mostrar estas columnas, en este orden (p. ej. email,role,created); por defecto, las más importantes que quepan",
  "refused: passwords never go in arguments":
    "rechazado: las contraseñas nunca van en los argumentos",
  "account email (prompted on a terminal when missing)":
    "correo de la cuenta (se pregunta en un terminal si falta)",
  "read the password from standard input instead of the masked prompt":
    "leer la contraseña de la entrada estándar en vez de la petición oculta",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "cuentas con verificación en dos pasos: leer el código de la app de autenticación (o de respaldo) de la entrada estándar (tras la línea de la contraseña con --password-stdin)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "iniciar sesión con un proveedor social en el navegador del sistema (vea GET /providers), p. ej. github",
  "list saved profiles; the current one is marked":
    "listar los perfiles guardados; el actual va marcado",
  "make a profile the default":
    "hacer que un perfil sea el predeterminado",
  "profile name":
    "nombre del perfil",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "olvidar un perfil y su token (ejecute antes `auth logout` para cerrar la sesión)",
  "manage users (needs an administrator session)":
    "gestionar usuarios (requiere una sesión de administrador)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "desactivar la verificación en dos pasos de un usuario (se olvidan el secreto, los códigos de respaldo y los dispositivos de confianza; queda auditado)",
  "id or email":
    "id o correo",
  "search, filter, sort and page through users":
    "buscar, filtrar, ordenar y paginar usuarios",
  "search text":
    "texto de búsqueda",
  "field to search: email or name":
    "campo en el que buscar: email o name",
  "contains, starts_with or ends_with":
    "contains, starts_with o ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "filtrar por un campo: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "valor para --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "ordenar por: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc o desc",
  "page size (1-1000)":
    "tamaño de página (1-1000)",
  "skip this many":
    "saltar estos tantos",
  "page through every match":
    "recorrer todas las coincidencias",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "solo usuarios cuyo inicio de sesión está bloqueado ahora (demasiados intentos fallidos)",
  "show one user":
    "mostrar un usuario",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "crear un usuario; la contraseña viene de --password-stdin o de una petición oculta (ninguna: un usuario sin contraseña)",
  "email address":
    "dirección de correo",
  "display name (default: the part before @)":
    "nombre visible (por defecto, la parte anterior a @)",
  "role, or several comma separated (default user)":
    "rol, o varios separados por comas (por defecto user)",
  "mark the email as verified":
    "marcar el correo como verificado",
  "read the password from standard input":
    "leer la contraseña de la entrada estándar",
  "create without a password and do not prompt (social sign-in only)":
    "crear sin contraseña y sin preguntar (solo inicio de sesión social)",
  "set a user's role":
    "asignar el rol de un usuario",
  "role, or several comma separated":
    "rol, o varios separados por comas",
  "set a user's password (masked prompt, or --password-stdin)":
    "establecer la contraseña de un usuario (petición oculta o --password-stdin)",
  "read the new password from standard input":
    "leer la nueva contraseña de la entrada estándar",
  "ban users: ends all their sessions and refuses sign-in":
    "bloquear usuarios: cierra todas sus sesiones y rechaza el inicio de sesión",
  "one id or email per line; - for standard input":
    "un id o correo por línea; - para la entrada estándar",
  "with --from-file: check every line, change nothing":
    "con --from-file: comprobar cada línea sin cambiar nada",
  "shown to the user (default 'No reason')":
    "se muestra al usuario (por defecto 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "levantar el bloqueo tras 90m, 12h, 7d, 2w…",
  "id or email (or use --from-file)":
    "id o correo (o use --from-file)",
  "lift bans":
    "levantar bloqueos",
  "clear failed sign-in lockouts":
    "quitar los bloqueos por inicios de sesión fallidos",
  "delete users with their sessions, accounts and memberships":
    "eliminar usuarios con sus sesiones, cuentas y membresías",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "iniciar una sesión como un usuario (1 hora) y guardarla como perfil para actuar a través de ella",
  "profile to store the session in":
    "perfil en el que guardar la sesión",
  "also print the session token (for scripts)":
    "mostrar también el token de la sesión (para scripts)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "terminar una sesión iniciada con `impersonate` y olvidar su perfil",
  "the profile it was saved in":
    "el perfil en el que se guardó",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "escribir todos los usuarios con su hash de contraseña, como líneas JSON o CSV (el archivo se crea con modo 0600)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl o csv (por defecto, según la extensión de --out; si no, jsonl)",
  "write here instead of standard output":
    "escribir aquí en vez de en la salida estándar",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "crear usuarios desde un archivo, conservando sus hashes de contraseña (argon2id o scrypt de better-auth)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv o jsonl (por defecto, según el nombre del archivo; si no, se detecta)",
  "read and check the file, create nobody":
    "leer y comprobar el archivo sin crear a nadie",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV con fila de cabecera, o líneas JSON (- para la entrada estándar)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "bloquear usuarios: cierra todas sus sesiones y rechaza el inicio de sesión (abreviatura de `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "levantar bloqueos (abreviatura de `auth admin users unban`)",
  "list and end other users' sessions":
    "listar y cerrar sesiones de otros usuarios",
  "a user's live sessions (token = revocation handle)":
    "las sesiones activas de un usuario (token = identificador para revocarla)",
  "end one session":
    "cerrar una sesión",
  "session handle from `sessions list`":
    "identificador de sesión de `sessions list`",
  "end every session of users":
    "cerrar todas las sesiones de usuarios",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "cerrar todas las sesiones de usuarios (abreviatura de `auth admin sessions revoke-all`)",
  "the security audit log":
    "el registro de auditoría de seguridad",
  "audit events, newest first":
    "eventos de auditoría, los más recientes primero",
  "who did it (id or email)":
    "quién lo hizo (id o correo)",
  "who it was done to (id or email; other ids as-is)":
    "a quién se le hizo (id o correo; otros id tal cual)",
  "exact action, or a prefix ending in * (user.*)":
    "acción exacta, o un prefijo terminado en * (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "desde este momento: fecha ISO, milisegundos de época o un tiempo atrás (1h, 7d)",
  "before this time":
    "antes de este momento",
  "at most this many events (1-500 per page)":
    "como mucho estos eventos (1-500 por página)",
  "print new events as they happen (Ctrl-C stops)":
    "mostrar los eventos nuevos a medida que ocurren (Ctrl-C detiene)",
  "how often to look":
    "cada cuánto mirar",
  "also print this many recent events first (default 10; 0 with --count)":
    "mostrar también antes estos eventos recientes (por defecto 10; 0 con --count)",
  "stop after this many new events":
    "parar tras estos eventos nuevos",
  "create an organization; you become its owner and it becomes active":
    "crear una organización; usted pasa a ser su propietario y queda activa",
  "display name":
    "nombre visible",
  "URL name (default: from the name)":
    "nombre en la URL (por defecto, a partir del nombre)",
  "logo URL":
    "URL del logotipo",
  "JSON object of extra data":
    "objeto JSON con datos adicionales",
  "do not make it the active organization":
    "no hacerla la organización activa",
  "organizations you belong to":
    "organizaciones a las que pertenece",
  "an organization with its members, invitations and teams":
    "una organización con sus miembros, invitaciones y equipos",
  "organization id or slug (default: `auth org use`, else the active one)":
    "id o slug de la organización (por defecto, `auth org use`; si no, la activa)",
  "id or slug":
    "id o slug",
  "change name, slug, logo or metadata":
    "cambiar nombre, slug, logotipo o metadatos",
  "new name":
    "nuevo nombre",
  "new slug":
    "nuevo slug",
  "new logo URL":
    "nueva URL del logotipo",
  "replace metadata with this JSON object":
    "reemplazar los metadatos por este objeto JSON",
  "delete an organization with its members, invitations and teams":
    "eliminar una organización con sus miembros, invitaciones y equipos",
  "make an organization active for your session and this profile":
    "activar una organización para su sesión y este perfil",
  "invite someone by email (an invitation mail is sent)":
    "invitar a alguien por correo (se envía un correo de invitación)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "rol(es) al unirse: member, admin, owner (separados por comas si son varios)",
  "team id(s) or name(s) to join":
    "id(s) o nombre(s) de los equipos a los que unirse",
  "send again if already invited":
    "enviar de nuevo si ya está invitado",
  "who to invite":
    "a quién invitar",
  "invitations sent by an organization":
    "invitaciones enviadas por una organización",
  "an organization's invitations, newest first":
    "las invitaciones de una organización, las más recientes primero",
  "cancel an invitation":
    "cancelar una invitación",
  "invitation id":
    "id de la invitación",
  "members of an organization":
    "miembros de una organización",
  "members with their roles":
    "miembros con sus roles",
  "search name or email":
    "buscar nombre o correo",
  "at most this many":
    "como mucho estos tantos",
  "remove a member":
    "quitar a un miembro",
  "member id, user id or email":
    "id de miembro, id de usuario o correo",
  "change a member's role":
    "cambiar el rol de un miembro",
  "leave an organization (an only owner cannot)":
    "abandonar una organización (un propietario único no puede)",
  "teams inside an organization":
    "equipos dentro de una organización",
  "create a team":
    "crear un equipo",
  "team name":
    "nombre del equipo",
  "teams of an organization":
    "equipos de una organización",
  "rename a team":
    "renombrar un equipo",
  "team id or name":
    "id o nombre del equipo",
  "remove a team":
    "eliminar un equipo",
  "put an organization member in a team":
    "añadir a un miembro de la organización a un equipo",
  "take a member out of a team":
    "sacar a un miembro de un equipo",
  "your pending invitations":
    "sus invitaciones pendientes",
  "join the organization (it becomes active)":
    "unirse a la organización (queda activa)",
  "decline an invitation":
    "rechazar una invitación",
  "your live sessions; token is a revocation handle, current marks this one":
    "sus sesiones activas; token es un identificador para revocarla, current marca esta",
  "end one of your sessions":
    "cerrar una de sus sesiones",
  "handle from `auth sessions list`":
    "identificador de `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "cerrar todas las sesiones excepto esta (cerrar sesión en otros dispositivos)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "verificación en dos pasos de su cuenta (app de autenticación, códigos de respaldo)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "configurar una app de autenticación: muestra una vez un código QR y 10 códigos de respaldo, y luego pide un primer código",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "leer la contraseña de la entrada estándar (confirme después con `auth account 2fa verify <code>`)",
  "name shown in the authenticator app":
    "nombre que se muestra en la app de autenticación",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "completar `2fa enable`: la verificación en dos pasos se activa con el primer código correcto",
  "the 6-digit code your authenticator app shows":
    "el código de 6 cifras que muestra su app de autenticación",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "desactivar la verificación en dos pasos (olvida el secreto, los códigos de respaldo y los dispositivos de confianza)",
  "replace your backup codes with 10 new ones, shown once":
    "sustituir sus códigos de respaldo por 10 nuevos, mostrados una vez",
  "your profile and linked accounts":
    "su perfil y las cuentas vinculadas",
  "change your name, image, username or display username":
    "cambiar su nombre, imagen, nombre de usuario o nombre de usuario visible",
  "avatar URL (empty string clears it)":
    "URL del avatar (una cadena vacía lo quita)",
  "username":
    "nombre de usuario",
  "username as displayed":
    "nombre de usuario tal como se muestra",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "cambiar su contraseña (la actual y la nueva desde peticiones ocultas, o dos líneas en la entrada estándar)",
  "read the current password, then the new one, one per line, from standard input":
    "leer la contraseña actual y luego la nueva, una por línea, de la entrada estándar",
  "also sign out every other session":
    "cerrar también todas las demás sesiones",
  "change your email (verified accounts confirm by mail first)":
    "cambiar su correo (las cuentas verificadas confirman primero por correo)",
  "the new address":
    "la nueva dirección",
  "create a key for yourself; it is printed once":
    "crear una clave para usted; se muestra una vez",
  "a name to recognise it by":
    "un nombre para reconocerla",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "p. ej. 30d o 1w (al menos 1d; por defecto, nunca)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "limitar la clave, p. ej. user:ban,list (repetible; por defecto, sus propios permisos)",
  "stop working after this many requests":
    "dejar de funcionar tras estas peticiones",
  "text before the key, e.g. cron_":
    "texto antes de la clave, p. ej. cron_",
  "your keys, or with --user another user's (administrators)":
    "sus claves, o con --user las de otro usuario (administradores)",
  "id or email of the user whose keys to list":
    "id o correo del usuario cuyas claves listar",
  "delete a key at once; scripts using it stop working":
    "eliminar una clave al instante; los scripts que la usen dejan de funcionar",
  "revoke another user's key (needs session:revoke)":
    "revocar la clave de otro usuario (requiere session:revoke)",
  "key id from `auth api-keys list`":
    "id de la clave de `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "iniciar el servidor de autenticación (API en /api/auth), migrando antes la base de datos",
  "port to listen on (AUTH_PORT; default: 3000)":
    "puerto de escucha (AUTH_PORT; por defecto 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "interfaz a la que enlazar (AUTH_HOST; por defecto 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "archivo de base de datos SQLite o URL postgres:// (AUTH_DB; por defecto ./data/latchkey.db; una URL con contraseña: mejor AUTH_DB o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "URL pública del servidor (AUTH_BASE_URL; por defecto http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "secreto del servidor, ≥ 32 caracteres (AUTH_SECRET; mejor AUTH_SECRET o el archivo de configuración: los argumentos son visibles para otros usuarios (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "orígenes adicionales separados por comas que pueden llamar a la API (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "enviar el correo por este servidor SMTP en vez de la bandeja de salida (AUTH_SMTP_URL; con contraseña: mejor AUTH_SMTP_URL o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "desactivar la limitación de peticiones (pruebas de rendimiento, QA local)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "guardar los contadores de limitación en Redis, compartidos por todos los servidores (AUTH_REDIS_URL; con contraseña: mejor AUTH_REDIS_URL o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "archivo de configuración JSON (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "comprobar la configuración (archivo + entorno AUTH_* + opciones) sin arrancar; la muestra con los secretos ocultos",
  "port to listen on (AUTH_PORT)":
    "puerto de escucha (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "interfaz a la que enlazar (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "archivo de base de datos SQLite o URL postgres:// (AUTH_DB; una URL con contraseña: mejor AUTH_DB o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "URL pública del servidor (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "orígenes adicionales separados por comas (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "servidor SMTP (AUTH_SMTP_URL; con contraseña: mejor AUTH_SMTP_URL o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "turn rate limiting off":
    "desactivar la limitación de peticiones",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis para contadores de limitación compartidos (AUTH_REDIS_URL; con contraseña: mejor AUTH_REDIS_URL o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "resellar cada secreto guardado con AUTH_SECRET (valores sellados con AUTH_PREVIOUS_SECRETS) y marcar luego la base de datos como sellada con él",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "archivo de configuración JSON (AUTH_CONFIG): su secret y previousSecrets",
  "apply pending database migrations":
    "aplicar las migraciones pendientes de la base de datos",
  "create an administrator, or make an existing user one (works on the database directly)":
    "crear un administrador, o convertir en administrador a un usuario existente (trabaja directamente sobre la base de datos)",
  "the administrator's email":
    "el correo del administrador",
  "display name for a new user":
    "nombre visible para un usuario nuevo",
  "read the new user's password from standard input":
    "leer la contraseña del nuevo usuario de la entrada estándar",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "copiar la base de datos SQLite con la API de copia en línea de SQLite (coherente mientras el servidor funciona)",
  "SQLite database file to copy (AUTH_DB)":
    "archivo de base de datos SQLite que copiar (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "dónde escribir la copia (modo 0600: contiene hashes de contraseñas)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "escribir también el secreto del servidor en <out>.secret (modo 0600): una restauración lo necesita",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "archivo de configuración JSON (AUTH_CONFIG): su secret, para --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "poner una copia hecha con `auth server backup` en lugar de la base de datos SQLite, tras comprobarla (detenga antes el servidor)",
  "the backup file":
    "el archivo de la copia",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "archivo de base de datos SQLite que reemplazar (AUTH_DB; una URL con contraseña: mejor AUTH_DB o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "copiar todas las tablas de una base de datos a otra: archivo SQLite o URL postgres://, en cualquier sentido",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "origen: archivo SQLite o URL postgres:// (un origen SQLite puede seguir en servicio)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "destino: archivo SQLite o URL postgres://, migrado antes; debe estar vacío",
  "delete the target's rows first when it is not empty":
    "borrar antes las filas del destino si no está vacío",
  "rows per transaction on the target (default 2000)":
    "filas por transacción en el destino (por defecto 2000)",
  "list outbox mail, newest first":
    "listar el correo de la bandeja de salida, el más reciente primero",
  "only mail to this address":
    "solo el correo a esta dirección",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "solo de este tipo: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh o fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Códigos de salida: 0 correcto, 1 fallo (incl. fallo parcial en masa), 2 uso incorrecto o falta de confirmación, 3 sin sesión, 4 prohibido, 5 no encontrado, 6 conflicto, 7 red, 8 límite de peticiones, 70 interno.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "archivo de configuración JSON (AUTH_CONFIG): su db y su secret",
  "a first-party app: no consent page":
    "una aplicación propia: sin página de consentimiento",
  "a new secret, printed once; the old one stops working at once":
    "un secreto nuevo, que se muestra una vez; el anterior deja de funcionar al instante",
  "a public app (no secret; PKCE required): single-page and native apps":
    "una aplicación pública (sin secreto; PKCE obligatorio): aplicaciones de una sola página y nativas",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "aplicaciones en las que las personas inician sesión a través de Latchkey (clientes de OpenID Connect)",
  "delete the app with its grants and tokens":
    "eliminar la aplicación con sus autorizaciones y tokens",
  "every registered app":
    "todas las aplicaciones registradas",
  "from `auth apps list`":
    "de `auth apps list`",
  "logo shown on the consent page":
    "logotipo que se muestra en la página de consentimiento",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "trasladar una base de datos de better-auth 1.x a Latchkey: usuarios, contraseñas, sesiones, organizaciones, verificación en dos pasos, llaves de acceso, claves de API, claves JWT",
  "refuse the app's sign-ins and tokens until enabled again":
    "rechazar los inicios de sesión y los tokens de la aplicación hasta que se vuelva a habilitar",
  "register an app; a confidential app's secret is printed once":
    "registrar una aplicación; el secreto de una aplicación confidencial se muestra una vez",
  "report what it would do, and every row it cannot carry, and write nothing":
    "informar de lo que haría y de cada fila que no puede trasladar, sin escribir nada",
  "rows per transaction on the target (default 5000)":
    "filas por transacción en el destino (por defecto 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "ámbitos separados por espacios que puede solicitar (por defecto «openid profile email offline_access»)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "el BETTER_AUTH_SECRET con el que funcionaba better-auth (variable de entorno BETTER_AUTH_SECRET; mejor el entorno)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "la base de datos de Latchkey: archivo SQLite o URL postgres:// (AUTH_DB; una URL con contraseña: mejor AUTH_DB o el archivo de configuración, los argumentos son visibles para otros usuarios (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "la base de datos de better-auth: archivo SQLite o URL postgres:// (solo lectura)",
  "the name people see on the consent page":
    "el nombre que las personas ven en la página de consentimiento",
  "where end-session may send people back (repeatable)":
    "adónde puede devolver end-session a las personas (repetible)",
  "where the app is told of sign-outs":
    "dónde se avisa a la aplicación de los cierres de sesión",
  "where the app receives the code (repeatable)":
    "dónde recibe la aplicación el código (repetible)",
};
