/** --help in fr: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey : faire tourner le serveur d’authentification et gérer utilisateurs, sessions et organisations",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "se connecter avec adresse e-mail et mot de passe et enregistrer la session dans un profil (fichier en mode 0600)",
  "end the session on the server and forget its token":
    "fermer la session sur le serveur et oublier son jeton",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "afficher l’utilisateur et la session en cours (code 3 si la session a expiré ou a été révoquée)",
  "named credential profiles (one per server or identity)":
    "profils d’identifiants nommés (un par serveur ou identité)",
  "administer users, sessions and the audit log (administrator session needed)":
    "administrer utilisateurs, sessions et journal d’audit (session d’administrateur requise)",
  "organizations you belong to: members, invitations, teams":
    "vos organisations : membres, invitations, équipes",
  "invitations addressed to you":
    "les invitations qui vous sont adressées",
  "your own sessions":
    "vos propres sessions",
  "your own account":
    "votre propre compte",
  "API keys for scripts and cron jobs (shown once at creation)":
    "clés d’API pour scripts et tâches cron (affichées une seule fois, à la création)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "afficher un JWT signé pour vous (le serveur doit avoir jwt.enabled)",
  "run and look after a local Latchkey server":
    "faire tourner et entretenir un serveur Latchkey local",
  "read mail the server kept in its outbox (no SMTP configured)":
    "lire le courrier gardé par le serveur dans sa boîte d’envoi (sans SMTP)",
  "print a shell completion script":
    "afficher un script de complétion pour le shell",
  "output the version number":
    "afficher le numéro de version",
  "display help for command":
    "afficher l’aide de la commande",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "URL du serveur, p. ex. http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "profil d’identifiants à utiliser (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "agir avec une clé d’API au lieu d’une session enregistrée (préférez AUTH_API_KEY : les arguments sont visibles dans `ps`)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "afficher un seul document JSON, rien d’autre (par défaut si stdout n’est pas un terminal)",
  "print JSON lines: one object per item":
    "afficher des lignes JSON : un objet par élément",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "répondre oui aux confirmations (nécessaire hors terminal pour les commandes destructrices)",
  "never prompt; fail instead of asking":
    "ne jamais poser de question ; échouer à la place",
  "Examples:":
    "Exemples :",
  "Example:":
    "Exemple :",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "Avec --from-file, un id ou e-mail par ligne (- lit l’entrée standard) ; chaque ligne est tentée, un bilan est affiché et le code de sortie vaut 1 si l’une a échoué. --dry-run ne fait que vérifier.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Colonnes / champs : {fields} (email et name obligatoires ; les autres, comme id, sont ignorés).\nChaque ligne est tentée ; code de sortie 1 si l’une a échoué.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Sort avec 0 quand les réglages sont valides, sinon avec 2 en nommant chaque problème (clés et variables AUTH_* inconnues comprises).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Les serveurs peuvent continuer de tourner : ils ouvrent les valeurs avec l’un ou l’autre secret. Lancez-la quand chaque serveur a AUTH_SECRET=<nouveau> et AUTH_PREVIOUS_SECRETS=<ancien>.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Sans --password-stdin ni terminal où demander, un mot de passe robuste est généré et affiché une fois.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Un fichier --out existant n’est remplacé qu’après confirmation (ou avec --yes). Restaurer demande le secret de serveur avec lequel la base a été scellée : gardez-le avec la sauvegarde (--with-secret) ou à part.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Vérifie, avant tout changement : qu’aucun serveur n’a la base ouverte, que la sauvegarde passe PRAGMA integrity_check, qu’elle vient de cette version ou d’une plus ancienne, et qu’AUTH_SECRET (ou <from>.secret écrit par backup --with-secret) est le secret qui l’a scellée (sinon code de sortie 9). Les fichiers remplacés sont gardés en *.before-restore.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Les valeurs scellées sont copiées telles quelles : démarrez les serveurs de la cible avec le même AUTH_SECRET. Le nombre de lignes de chaque table est vérifié à la fin.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "tableaux : afficher ces colonnes, dans cet ordre (p. ex. email,role,created) ; par défaut, les plus importantes qui tiennent",
  "refused: passwords never go in arguments":
    "refusé : les mots de passe ne vont jamais dans les arguments",
  "account email (prompted on a terminal when missing)":
    "e-mail du compte (demandé sur un terminal s’il manque)",
  "read the password from standard input instead of the masked prompt":
    "lire le mot de passe sur l’entrée standard au lieu de l’invite masquée",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "comptes à double authentification : lire le code de l’application (ou de secours) sur l’entrée standard (après la ligne du mot de passe avec --password-stdin)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "se connecter via un fournisseur social dans le navigateur du système (voir GET /providers), p. ex. github",
  "list saved profiles; the current one is marked":
    "lister les profils enregistrés ; l’actuel est marqué",
  "make a profile the default":
    "faire d’un profil le profil par défaut",
  "profile name":
    "nom du profil",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "oublier un profil et son jeton (lancez d’abord `auth logout` pour fermer la session)",
  "manage users (needs an administrator session)":
    "gérer les utilisateurs (session d’administrateur requise)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "désactiver la double authentification d’un utilisateur (secret, codes de secours et appareils de confiance oubliés ; audité)",
  "id or email":
    "id ou e-mail",
  "search, filter, sort and page through users":
    "rechercher, filtrer, trier et parcourir les utilisateurs",
  "search text":
    "texte recherché",
  "field to search: email or name":
    "champ à rechercher : email ou name",
  "contains, starts_with or ends_with":
    "contains, starts_with ou ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "filtrer sur un champ : role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "valeur pour --filter-field",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "trier par : createdAt, email, name, role, banned…",
  "asc or desc":
    "asc ou desc",
  "page size (1-1000)":
    "taille de page (1-1000)",
  "skip this many":
    "en sauter autant",
  "page through every match":
    "parcourir toutes les correspondances",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "seulement les utilisateurs dont la connexion est bloquée en ce moment (trop d’échecs)",
  "show one user":
    "afficher un utilisateur",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "créer un utilisateur ; le mot de passe vient de --password-stdin ou d’une invite masquée (aucun : un utilisateur sans mot de passe)",
  "email address":
    "adresse e-mail",
  "display name (default: the part before @)":
    "nom affiché (par défaut : la partie avant @)",
  "role, or several comma separated (default user)":
    "rôle, ou plusieurs séparés par des virgules (par défaut user)",
  "mark the email as verified":
    "marquer l’e-mail comme vérifié",
  "read the password from standard input":
    "lire le mot de passe sur l’entrée standard",
  "create without a password and do not prompt (social sign-in only)":
    "créer sans mot de passe et sans demander (connexion sociale seulement)",
  "set a user's role":
    "définir le rôle d’un utilisateur",
  "role, or several comma separated":
    "rôle, ou plusieurs séparés par des virgules",
  "set a user's password (masked prompt, or --password-stdin)":
    "définir le mot de passe d’un utilisateur (invite masquée ou --password-stdin)",
  "read the new password from standard input":
    "lire le nouveau mot de passe sur l’entrée standard",
  "ban users: ends all their sessions and refuses sign-in":
    "bannir des utilisateurs : ferme toutes leurs sessions et refuse la connexion",
  "one id or email per line; - for standard input":
    "un id ou e-mail par ligne ; - pour l’entrée standard",
  "with --from-file: check every line, change nothing":
    "avec --from-file : vérifier chaque ligne sans rien changer",
  "shown to the user (default 'No reason')":
    "montré à l’utilisateur (par défaut 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "lever le bannissement après 90m, 12h, 7d, 2w…",
  "id or email (or use --from-file)":
    "id ou e-mail (ou utilisez --from-file)",
  "lift bans":
    "lever des bannissements",
  "clear failed sign-in lockouts":
    "lever les blocages dus aux connexions échouées",
  "delete users with their sessions, accounts and memberships":
    "supprimer des utilisateurs avec leurs sessions, comptes et adhésions",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "ouvrir une session en tant qu’utilisateur (1 heure) et l’enregistrer comme profil pour agir à travers elle",
  "profile to store the session in":
    "profil où enregistrer la session",
  "also print the session token (for scripts)":
    "afficher aussi le jeton de session (pour les scripts)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "terminer une session ouverte avec `impersonate` et oublier son profil",
  "the profile it was saved in":
    "le profil où elle a été enregistrée",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "écrire tous les utilisateurs avec leur hachage de mot de passe, en lignes JSON ou en CSV (le fichier est créé avec le mode 0600)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl ou csv (par défaut : d’après l’extension de --out, sinon jsonl)",
  "write here instead of standard output":
    "écrire ici au lieu de la sortie standard",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "créer des utilisateurs depuis un fichier, en gardant leurs hachages de mot de passe (argon2id ou scrypt de better-auth)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv ou jsonl (par défaut : d’après le nom du fichier, sinon détecté)",
  "read and check the file, create nobody":
    "lire et vérifier le fichier, ne créer personne",
  "CSV with a header row, or JSON lines (- for standard input)":
    "CSV avec une ligne d’en-tête, ou lignes JSON (- pour l’entrée standard)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "bannir des utilisateurs : ferme toutes leurs sessions et refuse la connexion (raccourci de `auth admin users ban`)",
  "lift bans (short for `auth admin users unban`)":
    "lever des bannissements (raccourci de `auth admin users unban`)",
  "list and end other users' sessions":
    "lister et fermer les sessions d’autres utilisateurs",
  "a user's live sessions (token = revocation handle)":
    "les sessions actives d’un utilisateur (token = identifiant de révocation)",
  "end one session":
    "fermer une session",
  "session handle from `sessions list`":
    "identifiant de session tiré de `sessions list`",
  "end every session of users":
    "fermer toutes les sessions d’utilisateurs",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "fermer toutes les sessions d’utilisateurs (raccourci de `auth admin sessions revoke-all`)",
  "the security audit log":
    "le journal d’audit de sécurité",
  "audit events, newest first":
    "événements d’audit, les plus récents d’abord",
  "who did it (id or email)":
    "qui l’a fait (id ou e-mail)",
  "who it was done to (id or email; other ids as-is)":
    "à qui cela a été fait (id ou e-mail ; autres id tels quels)",
  "exact action, or a prefix ending in * (user.*)":
    "action exacte, ou un préfixe finissant par * (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "à partir de ce moment : date ISO, millisecondes epoch ou une durée écoulée (1h, 7d)",
  "before this time":
    "avant ce moment",
  "at most this many events (1-500 per page)":
    "au plus ce nombre d’événements (1-500 par page)",
  "print new events as they happen (Ctrl-C stops)":
    "afficher les nouveaux événements au fil de l’eau (Ctrl-C arrête)",
  "how often to look":
    "à quelle fréquence regarder",
  "also print this many recent events first (default 10; 0 with --count)":
    "afficher d’abord aussi ce nombre d’événements récents (10 par défaut ; 0 avec --count)",
  "stop after this many new events":
    "s’arrêter après ce nombre de nouveaux événements",
  "create an organization; you become its owner and it becomes active":
    "créer une organisation ; vous en devenez propriétaire et elle devient active",
  "display name":
    "nom affiché",
  "URL name (default: from the name)":
    "nom dans l’URL (par défaut : d’après le nom)",
  "logo URL":
    "URL du logo",
  "JSON object of extra data":
    "objet JSON de données supplémentaires",
  "do not make it the active organization":
    "ne pas en faire l’organisation active",
  "organizations you belong to":
    "les organisations dont vous êtes membre",
  "an organization with its members, invitations and teams":
    "une organisation avec ses membres, invitations et équipes",
  "organization id or slug (default: `auth org use`, else the active one)":
    "id ou slug de l’organisation (par défaut : `auth org use`, sinon l’active)",
  "id or slug":
    "id ou slug",
  "change name, slug, logo or metadata":
    "changer le nom, le slug, le logo ou les métadonnées",
  "new name":
    "nouveau nom",
  "new slug":
    "nouveau slug",
  "new logo URL":
    "nouvelle URL du logo",
  "replace metadata with this JSON object":
    "remplacer les métadonnées par cet objet JSON",
  "delete an organization with its members, invitations and teams":
    "supprimer une organisation avec ses membres, invitations et équipes",
  "make an organization active for your session and this profile":
    "rendre une organisation active pour votre session et ce profil",
  "invite someone by email (an invitation mail is sent)":
    "inviter quelqu’un par e-mail (un e-mail d’invitation est envoyé)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "rôle(s) à l’arrivée : member, admin, owner (séparés par des virgules s’il y en a plusieurs)",
  "team id(s) or name(s) to join":
    "id ou nom(s) des équipes à rejoindre",
  "send again if already invited":
    "renvoyer si déjà invité",
  "who to invite":
    "qui inviter",
  "invitations sent by an organization":
    "invitations envoyées par une organisation",
  "an organization's invitations, newest first":
    "les invitations d’une organisation, les plus récentes d’abord",
  "cancel an invitation":
    "annuler une invitation",
  "invitation id":
    "id de l’invitation",
  "members of an organization":
    "membres d’une organisation",
  "members with their roles":
    "membres avec leurs rôles",
  "search name or email":
    "rechercher un nom ou un e-mail",
  "at most this many":
    "au plus ce nombre",
  "remove a member":
    "retirer un membre",
  "member id, user id or email":
    "id de membre, id d’utilisateur ou e-mail",
  "change a member's role":
    "changer le rôle d’un membre",
  "leave an organization (an only owner cannot)":
    "quitter une organisation (un propriétaire unique ne peut pas)",
  "teams inside an organization":
    "équipes au sein d’une organisation",
  "create a team":
    "créer une équipe",
  "team name":
    "nom de l’équipe",
  "teams of an organization":
    "équipes d’une organisation",
  "rename a team":
    "renommer une équipe",
  "team id or name":
    "id ou nom de l’équipe",
  "remove a team":
    "supprimer une équipe",
  "put an organization member in a team":
    "mettre un membre de l’organisation dans une équipe",
  "take a member out of a team":
    "retirer un membre d’une équipe",
  "your pending invitations":
    "vos invitations en attente",
  "join the organization (it becomes active)":
    "rejoindre l’organisation (elle devient active)",
  "decline an invitation":
    "décliner une invitation",
  "your live sessions; token is a revocation handle, current marks this one":
    "vos sessions actives ; token est un identifiant de révocation, current marque celle-ci",
  "end one of your sessions":
    "fermer une de vos sessions",
  "handle from `auth sessions list`":
    "identifiant tiré de `auth sessions list`",
  "end every session except this one (sign out other devices)":
    "fermer toutes les sessions sauf celle-ci (déconnecter les autres appareils)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "double authentification de votre compte (application d’authentification, codes de secours)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "configurer une application d’authentification : affiche une fois un QR code et 10 codes de secours, puis demande un premier code",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "lire le mot de passe sur l’entrée standard (confirmer ensuite avec `auth account 2fa verify <code>`)",
  "name shown in the authenticator app":
    "nom affiché dans l’application d’authentification",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "terminer `2fa enable` : la double authentification s’active avec le premier code correct",
  "the 6-digit code your authenticator app shows":
    "le code à 6 chiffres affiché par votre application d’authentification",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "désactiver la double authentification (oublie le secret, les codes de secours et les appareils de confiance)",
  "replace your backup codes with 10 new ones, shown once":
    "remplacer vos codes de secours par 10 nouveaux, affichés une fois",
  "your profile and linked accounts":
    "votre profil et vos comptes liés",
  "change your name, image, username or display username":
    "changer votre nom, image, nom d’utilisateur ou nom d’utilisateur affiché",
  "avatar URL (empty string clears it)":
    "URL de l’avatar (une chaîne vide le retire)",
  "username":
    "nom d’utilisateur",
  "username as displayed":
    "nom d’utilisateur tel qu’affiché",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "changer votre mot de passe (actuel et nouveau depuis des invites masquées, ou deux lignes sur l’entrée standard)",
  "read the current password, then the new one, one per line, from standard input":
    "lire le mot de passe actuel, puis le nouveau, un par ligne, sur l’entrée standard",
  "also sign out every other session":
    "fermer aussi toutes les autres sessions",
  "change your email (verified accounts confirm by mail first)":
    "changer votre e-mail (les comptes vérifiés confirment d’abord par e-mail)",
  "the new address":
    "la nouvelle adresse",
  "create a key for yourself; it is printed once":
    "créer une clé pour vous ; elle est affichée une fois",
  "a name to recognise it by":
    "un nom pour la reconnaître",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "p. ex. 30d ou 1w (au moins 1d ; par défaut : jamais)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "restreindre la clé, p. ex. user:ban,list (répétable ; par défaut : vos propres droits)",
  "stop working after this many requests":
    "cesser de fonctionner après ce nombre de requêtes",
  "text before the key, e.g. cron_":
    "texte avant la clé, p. ex. cron_",
  "your keys, or with --user another user's (administrators)":
    "vos clés, ou avec --user celles d’un autre utilisateur (administrateurs)",
  "id or email of the user whose keys to list":
    "id ou e-mail de l’utilisateur dont lister les clés",
  "delete a key at once; scripts using it stop working":
    "supprimer une clé immédiatement ; les scripts qui l’utilisent cessent de fonctionner",
  "revoke another user's key (needs session:revoke)":
    "révoquer la clé d’un autre utilisateur (nécessite session:revoke)",
  "key id from `auth api-keys list`":
    "id de clé tiré de `auth api-keys list`",
  "start the auth server (API at /api/auth), migrating the database first":
    "démarrer le serveur d’authentification (API sous /api/auth), après avoir migré la base de données",
  "port to listen on (AUTH_PORT; default: 3000)":
    "port d’écoute (AUTH_PORT ; par défaut : 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "interface d’écoute (AUTH_HOST ; par défaut : 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "fichier de base SQLite ou URL postgres:// (AUTH_DB ; par défaut : ./data/latchkey.db ; une URL avec mot de passe : préférez AUTH_DB ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "URL publique du serveur (AUTH_BASE_URL ; par défaut : http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "secret du serveur, ≥ 32 caractères (AUTH_SECRET ; préférez AUTH_SECRET ou le fichier de configuration : les arguments sont visibles des autres utilisateurs (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "origines supplémentaires autorisées à appeler l’API, séparées par des virgules (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "envoyer le courrier par ce serveur SMTP au lieu de la boîte d’envoi (AUTH_SMTP_URL ; avec mot de passe : préférez AUTH_SMTP_URL ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "désactiver la limitation de débit (bancs d’essai, tests locaux)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "garder les compteurs de limitation dans Redis, partagés par tous les serveurs (AUTH_REDIS_URL ; avec mot de passe : préférez AUTH_REDIS_URL ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "fichier de réglages JSON (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "vérifier les réglages (fichier de configuration + environnement AUTH_* + options) sans démarrer ; les affiche avec les secrets masqués",
  "port to listen on (AUTH_PORT)":
    "port d’écoute (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "interface d’écoute (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "fichier de base SQLite ou URL postgres:// (AUTH_DB ; une URL avec mot de passe : préférez AUTH_DB ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "URL publique du serveur (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "origines supplémentaires séparées par des virgules (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "serveur SMTP (AUTH_SMTP_URL ; avec mot de passe : préférez AUTH_SMTP_URL ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "turn rate limiting off":
    "désactiver la limitation de débit",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "Redis pour des compteurs de limitation partagés (AUTH_REDIS_URL ; avec mot de passe : préférez AUTH_REDIS_URL ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "resceller chaque secret stocké avec AUTH_SECRET (valeurs scellées avec AUTH_PREVIOUS_SECRETS), puis marquer la base comme scellée avec lui",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "fichier de réglages JSON (AUTH_CONFIG) : son secret et ses previousSecrets",
  "apply pending database migrations":
    "appliquer les migrations de base de données en attente",
  "create an administrator, or make an existing user one (works on the database directly)":
    "créer un administrateur, ou en faire un d’un utilisateur existant (travaille directement sur la base de données)",
  "the administrator's email":
    "l’e-mail de l’administrateur",
  "display name for a new user":
    "nom affiché d’un nouvel utilisateur",
  "read the new user's password from standard input":
    "lire le mot de passe du nouvel utilisateur sur l’entrée standard",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "copier la base SQLite avec l’API de sauvegarde en ligne de SQLite (cohérente pendant que le serveur tourne)",
  "SQLite database file to copy (AUTH_DB)":
    "fichier de base SQLite à copier (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "où écrire la copie (mode 0600 : elle contient des hachages de mots de passe)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "écrire aussi le secret du serveur dans <out>.secret (mode 0600) : une restauration en a besoin",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "fichier de réglages JSON (AUTH_CONFIG) : son secret, pour --with-secret",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "mettre une sauvegarde faite par `auth server backup` à la place de la base SQLite, après l’avoir vérifiée (arrêtez d’abord le serveur)",
  "the backup file":
    "le fichier de sauvegarde",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "fichier de base SQLite à remplacer (AUTH_DB ; une URL avec mot de passe : préférez AUTH_DB ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "copier toutes les tables d’une base de données vers une autre : fichier SQLite ou URL postgres://, dans les deux sens",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "source : fichier SQLite ou URL postgres:// (une source SQLite peut rester en service)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "cible : fichier SQLite ou URL postgres://, migrée d’abord ; doit être vide",
  "delete the target's rows first when it is not empty":
    "supprimer d’abord les lignes de la cible si elle n’est pas vide",
  "rows per transaction on the target (default 2000)":
    "lignes par transaction sur la cible (2000 par défaut)",
  "list outbox mail, newest first":
    "lister le courrier de la boîte d’envoi, le plus récent d’abord",
  "only mail to this address":
    "seulement le courrier envoyé à cette adresse",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "seulement ce type : verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh ou fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Codes de sortie : 0 ok, 1 échec (y compris échec partiel d’un traitement en masse), 2 usage ou confirmation manquante, 3 non connecté, 4 interdit, 5 introuvable, 6 conflit, 7 réseau, 8 débit limité, 70 interne.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "fichier de réglages JSON (AUTH_CONFIG) : sa db et son secret",
  "a first-party app: no consent page":
    "une application interne : pas de page de consentement",
  "a new secret, printed once; the old one stops working at once":
    "un nouveau secret, affiché une fois ; l’ancien cesse aussitôt de fonctionner",
  "a public app (no secret; PKCE required): single-page and native apps":
    "une application publique (sans secret ; PKCE obligatoire) : applications monopages et natives",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "les applications par lesquelles les personnes se connectent via Latchkey (clients OpenID Connect)",
  "delete the app with its grants and tokens":
    "supprimer l’application avec ses autorisations et ses jetons",
  "every registered app":
    "toutes les applications enregistrées",
  "from `auth apps list`":
    "donné par `auth apps list`",
  "logo shown on the consent page":
    "logo affiché sur la page de consentement",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "transférer une base better-auth 1.x dans Latchkey : utilisateurs, mots de passe, sessions, organisations, authentification à deux facteurs, clés d’accès, clés d’API, clés JWT",
  "refuse the app's sign-ins and tokens until enabled again":
    "refuser les connexions et les jetons de l’application jusqu’à sa réactivation",
  "register an app; a confidential app's secret is printed once":
    "enregistrer une application ; le secret d’une application confidentielle est affiché une fois",
  "report what it would do, and every row it cannot carry, and write nothing":
    "indiquer ce qui serait fait et chaque ligne impossible à reprendre, sans rien écrire",
  "rows per transaction on the target (default 5000)":
    "lignes par transaction sur la cible (5000 par défaut)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "portées séparées par des espaces que l’application peut demander (par défaut « openid profile email offline_access »)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "le BETTER_AUTH_SECRET avec lequel better-auth tournait (variable d’environnement BETTER_AUTH_SECRET ; préférez l’environnement)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "la base de Latchkey : fichier SQLite ou URL postgres:// (AUTH_DB ; une URL avec mot de passe : préférez AUTH_DB ou le fichier de configuration, les arguments sont visibles des autres utilisateurs (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "la base better-auth : fichier SQLite ou URL postgres:// (lecture seule)",
  "the name people see on the consent page":
    "le nom que les personnes voient sur la page de consentement",
  "where end-session may send people back (repeatable)":
    "où end-session peut renvoyer les personnes (répétable)",
  "where the app is told of sign-outs":
    "où l’application est avertie des déconnexions",
  "where the app receives the code (repeatable)":
    "où l’application reçoit le code (répétable)",
};
