/** --help in tr: the English text of each description and note → its translation (cli/i18n/index.ts helpText). */
export const help: Readonly<Record<string, string>> = {
  "Latchkey: run the auth server and manage users, sessions and organizations":
    "Latchkey: kimlik doğrulama sunucusunu çalıştırın; kullanıcıları, oturumları ve kuruluşları yönetin",
  "sign in with email and password and save the session in a profile (file mode 0600)":
    "e-posta ve parolayla oturum açıp oturumu bir profile kaydet (dosya kipi 0600)",
  "end the session on the server and forget its token":
    "sunucudaki oturumu sonlandır ve belirtecini unut",
  "show the signed-in user and session (exit 3 if the session expired or was revoked)":
    "oturum açmış kullanıcıyı ve oturumu göster (oturumun süresi dolduysa veya iptal edildiyse çıkış kodu 3)",
  "named credential profiles (one per server or identity)":
    "adlandırılmış kimlik bilgisi profilleri (sunucu veya kimlik başına bir tane)",
  "administer users, sessions and the audit log (administrator session needed)":
    "kullanıcıları, oturumları ve denetim günlüğünü yönet (yönetici oturumu gerekir)",
  "organizations you belong to: members, invitations, teams":
    "üyesi olduğunuz kuruluşlar: üyeler, davetler, ekipler",
  "invitations addressed to you":
    "size gönderilen davetler",
  "your own sessions":
    "kendi oturumlarınız",
  "your own account":
    "kendi hesabınız",
  "API keys for scripts and cron jobs (shown once at creation)":
    "betikler ve cron görevleri için API anahtarları (yalnızca oluşturulurken bir kez gösterilir)",
  "print a signed JWT for yourself (the server needs jwt.enabled)":
    "kendiniz için imzalı bir JWT yazdır (sunucuda jwt.enabled gerekir)",
  "run and look after a local Latchkey server":
    "yerel bir Latchkey sunucusunu çalıştır ve bakımını yap",
  "read mail the server kept in its outbox (no SMTP configured)":
    "sunucunun giden kutusunda tuttuğu e-postaları oku (SMTP ayarlı değil)",
  "print a shell completion script":
    "kabuk için tamamlama betiği yazdır",
  "output the version number":
    "sürüm numarasını göster",
  "display help for command":
    "komutun yardımını göster",
  "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)":
    "sunucu adresi, ör. http://127.0.0.1:3000 (AUTH_URL)",
  "credentials profile to use (AUTH_PROFILE)":
    "kullanılacak kimlik bilgisi profili (AUTH_PROFILE)",
  "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)":
    "kayıtlı oturum yerine bir API anahtarıyla işlem yap (AUTH_API_KEY tercih edilir: bağımsız değişkenler `ps` içinde görünür)",
  "print one JSON document, nothing else (default when stdout is not a terminal)":
    "yalnızca tek bir JSON belgesi yazdır (stdout terminal değilse varsayılan)",
  "print JSON lines: one object per item":
    "JSON satırları yazdır: öğe başına bir nesne",
  "answer yes to confirmations (needed off a terminal for destructive commands)":
    "onay sorularını evet olarak yanıtla (terminal dışında geri alınamaz komutlar için gerekir)",
  "never prompt; fail instead of asking":
    "hiçbir zaman soru sorma; bunun yerine hata ver",
  "Examples:":
    "Örnekler:",
  "Example:":
    "Örnek:",
  "With --from-file, one id or email per line (- reads standard input); every line is tried, a summary is printed, and the exit code is 1 if any failed. --dry-run only checks.":
    "--from-file ile satır başına bir kimlik veya e-posta (- standart girdiyi okur); her satır denenir, bir özet yazdırılır ve biri başarısız olursa çıkış kodu 1 olur. --dry-run yalnızca denetler.",
  "Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed.":
    "Sütunlar / alanlar: {fields} (email ve name zorunlu; id gibi diğerleri yok sayılır).\nHer satır denenir; biri başarısız olursa çıkış kodu 1.",
  "Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included).":
    "Ayarlar geçerliyse 0 ile, değilse her sorunu adlandırarak 2 ile çıkar (bilinmeyen anahtarlar ve AUTH_* değişkenleri dahil).",
  "Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.":
    "Sunucular çalışmaya devam edebilir: değerleri iki sırdan biriyle açarlar. Her sunucuda AUTH_SECRET=<yeni> ve AUTH_PREVIOUS_SECRETS=<eski> olduktan sonra çalıştırın.",
  "With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.":
    "Ne --password-stdin ne de sorulacak bir terminal varsa güçlü bir parola oluşturulur ve bir kez yazdırılır.",
  "An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.":
    "Var olan bir --out dosyası yalnızca onaydan sonra (veya --yes ile) değiştirilir. Geri yükleme, veritabanının mühürlendiği sunucu sırrını gerektirir: onu yedekle birlikte (--with-secret) veya yedekten ayrı saklayın.",
  "Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.":
    "Hiçbir şey değişmeden önce denetler: hiçbir sunucu veritabanını açık tutmuyor, yedek PRAGMA integrity_check’ten geçiyor, bu veya daha eski bir sürümden geliyor ve AUTH_SECRET (veya backup --with-secret’ın yazdığı <from>.secret) onu mühürleyen sır (aksi halde çıkış kodu 9). Değiştirilen dosyalar *.before-restore olarak saklanır.",
  "Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.":
    "Mühürlü değerler olduğu gibi kopyalanır: hedefin sunucularını aynı AUTH_SECRET ile başlatın. Sonunda her tablonun satır sayısı denetlenir.",
  "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit":
    "tablolar: bu sütunları bu sırayla göster (ör. email,role,created); varsayılan: sığan en önemlileri",
  "refused: passwords never go in arguments":
    "reddedilir: parolalar asla argümanlara yazılmaz",
  "account email (prompted on a terminal when missing)":
    "hesabın e-postası (eksikse terminalde sorulur)",
  "read the password from standard input instead of the masked prompt":
    "parolayı gizli istem yerine standart girdiden oku",
  "two-factor accounts: read the authenticator (or backup) code from standard input (after the password line with --password-stdin)":
    "iki adımlı doğrulamalı hesaplar: doğrulayıcı (veya yedek) kodu standart girdiden oku (--password-stdin ile parola satırından sonra)",
  "sign in through a social provider in the system browser (see GET /providers), e.g. github":
    "sistem tarayıcısında bir sosyal sağlayıcıyla oturum aç (bkz. GET /providers), ör. github",
  "list saved profiles; the current one is marked":
    "kayıtlı profilleri listele; geçerli olan işaretlidir",
  "make a profile the default":
    "bir profili varsayılan yap",
  "profile name":
    "profil adı",
  "forget a profile and its token (run `auth logout` first to end the session)":
    "bir profili ve belirtecini unut (oturumu sonlandırmak için önce `auth logout` çalıştırın)",
  "manage users (needs an administrator session)":
    "kullanıcıları yönet (yönetici oturumu gerekir)",
  "turn a user's two-factor off (secret, backup codes and trusted devices are forgotten; audited)":
    "bir kullanıcının iki adımlı doğrulamasını kapat (sır, yedek kodlar ve güvenilen cihazlar unutulur; denetime kaydedilir)",
  "id or email":
    "kimlik veya e-posta",
  "search, filter, sort and page through users":
    "kullanıcıları ara, filtrele, sırala ve sayfa sayfa gez",
  "search text":
    "arama metni",
  "field to search: email or name":
    "aranacak alan: email veya name",
  "contains, starts_with or ends_with":
    "contains, starts_with veya ends_with",
  "filter on a field: role, banned, emailVerified, email, name, createdAt…":
    "bir alana göre filtrele: role, banned, emailVerified, email, name, createdAt…",
  "value for --filter-field":
    "--filter-field için değer",
  "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with":
    "eq, ne, lt, lte, gt, gte, in, not_in, contains, starts_with, ends_with",
  "sort by: createdAt, email, name, role, banned…":
    "sıralama ölçütü: createdAt, email, name, role, banned…",
  "asc or desc":
    "asc veya desc",
  "page size (1-1000)":
    "sayfa boyutu (1-1000)",
  "skip this many":
    "bu kadarını atla",
  "page through every match":
    "tüm eşleşmeleri sayfa sayfa getir",
  "only users whose sign-in is locked now (too many failed sign-ins)":
    "yalnızca oturum açması şu anda kilitli kullanıcılar (çok fazla başarısız deneme)",
  "show one user":
    "bir kullanıcıyı göster",
  "create a user; the password comes from --password-stdin or a masked prompt (none: a user without password)":
    "bir kullanıcı oluştur; parola --password-stdin’den veya gizli bir istemden gelir (hiçbiri: parolasız kullanıcı)",
  "email address":
    "e-posta adresi",
  "display name (default: the part before @)":
    "görünen ad (varsayılan: @ işaretinden önceki kısım)",
  "role, or several comma separated (default user)":
    "rol veya virgülle ayrılmış birkaç rol (varsayılan user)",
  "mark the email as verified":
    "e-postayı doğrulanmış olarak işaretle",
  "read the password from standard input":
    "parolayı standart girdiden oku",
  "create without a password and do not prompt (social sign-in only)":
    "parolasız oluştur ve sorma (yalnızca sosyal oturum açma)",
  "set a user's role":
    "bir kullanıcının rolünü ayarla",
  "role, or several comma separated":
    "rol veya virgülle ayrılmış birkaç rol",
  "set a user's password (masked prompt, or --password-stdin)":
    "bir kullanıcının parolasını ayarla (gizli istem veya --password-stdin)",
  "read the new password from standard input":
    "yeni parolayı standart girdiden oku",
  "ban users: ends all their sessions and refuses sign-in":
    "kullanıcıları yasakla: tüm oturumlarını sonlandırır ve oturum açmayı reddeder",
  "one id or email per line; - for standard input":
    "satır başına bir kimlik veya e-posta; standart girdi için -",
  "with --from-file: check every line, change nothing":
    "--from-file ile: her satırı denetle, hiçbir şeyi değiştirme",
  "shown to the user (default 'No reason')":
    "kullanıcıya gösterilir (varsayılan 'No reason')",
  "lift the ban after 90m, 12h, 7d, 2w…":
    "yasağı 90m, 12h, 7d, 2w… sonra kaldır",
  "id or email (or use --from-file)":
    "kimlik veya e-posta (veya --from-file kullanın)",
  "lift bans":
    "yasakları kaldır",
  "clear failed sign-in lockouts":
    "başarısız oturum açma kilitlerini kaldır",
  "delete users with their sessions, accounts and memberships":
    "kullanıcıları oturumları, hesapları ve üyelikleriyle birlikte sil",
  "start a session as a user (1 hour) and save it as a profile to act through":
    "bir kullanıcı olarak oturum başlat (1 saat) ve onun adına işlem yapmak için profil olarak kaydet",
  "profile to store the session in":
    "oturumun kaydedileceği profil",
  "also print the session token (for scripts)":
    "oturum belirtecini de yazdır (betikler için)",
  "end an impersonation session started with `impersonate` and forget its profile":
    "`impersonate` ile başlatılan oturumu sonlandır ve profilini unut",
  "the profile it was saved in":
    "kaydedildiği profil",
  "write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)":
    "tüm kullanıcıları parola özetleriyle JSON satırları veya CSV olarak yaz (dosya 0600 kipiyle oluşturulur)",
  "jsonl or csv (default: from --out's extension, else jsonl)":
    "jsonl veya csv (varsayılan: --out uzantısından, yoksa jsonl)",
  "write here instead of standard output":
    "standart çıktı yerine buraya yaz",
  "create users from a file, keeping their password hashes (argon2id or better-auth scrypt)":
    "bir dosyadan kullanıcılar oluştur, parola özetlerini koruyarak (argon2id veya better-auth scrypt)",
  "csv or jsonl (default: from the file name, else detected)":
    "csv veya jsonl (varsayılan: dosya adından, yoksa algılanır)",
  "read and check the file, create nobody":
    "dosyayı oku ve denetle, kimseyi oluşturma",
  "CSV with a header row, or JSON lines (- for standard input)":
    "başlık satırlı CSV veya JSON satırları (standart girdi için -)",
  "ban users: ends all their sessions and refuses sign-in (short for `auth admin users ban`)":
    "kullanıcıları yasakla: tüm oturumlarını sonlandırır ve oturum açmayı reddeder (`auth admin users ban` kısaltması)",
  "lift bans (short for `auth admin users unban`)":
    "yasakları kaldır (`auth admin users unban` kısaltması)",
  "list and end other users' sessions":
    "diğer kullanıcıların oturumlarını listele ve sonlandır",
  "a user's live sessions (token = revocation handle)":
    "bir kullanıcının etkin oturumları (token = iptal tanıtıcısı)",
  "end one session":
    "bir oturumu sonlandır",
  "session handle from `sessions list`":
    "`sessions list` çıktısındaki oturum tanıtıcısı",
  "end every session of users":
    "kullanıcıların tüm oturumlarını sonlandır",
  "end every session of users (short for `auth admin sessions revoke-all`)":
    "kullanıcıların tüm oturumlarını sonlandır (`auth admin sessions revoke-all` kısaltması)",
  "the security audit log":
    "güvenlik denetim günlüğü",
  "audit events, newest first":
    "denetim olayları, en yenisi önce",
  "who did it (id or email)":
    "kim yaptı (kimlik veya e-posta)",
  "who it was done to (id or email; other ids as-is)":
    "kime yapıldı (kimlik veya e-posta; diğer kimlikler olduğu gibi)",
  "exact action, or a prefix ending in * (user.*)":
    "tam eylem veya * ile biten bir önek (user.*)",
  "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)":
    "bu andan itibaren: ISO tarihi, epoch milisaniyesi veya geriye doğru süre (1h, 7d)",
  "before this time":
    "bu andan önce",
  "at most this many events (1-500 per page)":
    "en fazla bu kadar olay (sayfa başına 1-500)",
  "print new events as they happen (Ctrl-C stops)":
    "yeni olayları oldukça yazdır (Ctrl-C durdurur)",
  "how often to look":
    "ne sıklıkla bakılacağı",
  "also print this many recent events first (default 10; 0 with --count)":
    "önce bu kadar son olayı da yazdır (varsayılan 10; --count ile 0)",
  "stop after this many new events":
    "bu kadar yeni olaydan sonra dur",
  "create an organization; you become its owner and it becomes active":
    "bir kuruluş oluştur; sahibi siz olursunuz ve etkin hale gelir",
  "display name":
    "görünen ad",
  "URL name (default: from the name)":
    "URL adı (varsayılan: addan)",
  "logo URL":
    "logo URL’si",
  "JSON object of extra data":
    "ek veriler içeren JSON nesnesi",
  "do not make it the active organization":
    "etkin kuruluş yapma",
  "organizations you belong to":
    "üyesi olduğunuz kuruluşlar",
  "an organization with its members, invitations and teams":
    "üyeleri, davetleri ve ekipleriyle bir kuruluş",
  "organization id or slug (default: `auth org use`, else the active one)":
    "kuruluş kimliği veya slug’ı (varsayılan: `auth org use`, yoksa etkin olan)",
  "id or slug":
    "kimlik veya slug",
  "change name, slug, logo or metadata":
    "adı, slug’ı, logoyu veya üst verileri değiştir",
  "new name":
    "yeni ad",
  "new slug":
    "yeni slug",
  "new logo URL":
    "yeni logo URL’si",
  "replace metadata with this JSON object":
    "üst verileri bu JSON nesnesiyle değiştir",
  "delete an organization with its members, invitations and teams":
    "bir kuruluşu üyeleri, davetleri ve ekipleriyle birlikte sil",
  "make an organization active for your session and this profile":
    "bir kuruluşu oturumunuz ve bu profil için etkin yap",
  "invite someone by email (an invitation mail is sent)":
    "birini e-postayla davet et (bir davet e-postası gönderilir)",
  "role(s) on joining: member, admin, owner (comma separated for several)":
    "katılırken rol(ler): member, admin, owner (birden çoksa virgülle ayrılmış)",
  "team id(s) or name(s) to join":
    "katılınacak ekip kimlik(ler)i veya ad(lar)ı",
  "send again if already invited":
    "zaten davet edildiyse yeniden gönder",
  "who to invite":
    "kimin davet edileceği",
  "invitations sent by an organization":
    "bir kuruluşun gönderdiği davetler",
  "an organization's invitations, newest first":
    "bir kuruluşun davetleri, en yenisi önce",
  "cancel an invitation":
    "bir daveti iptal et",
  "invitation id":
    "davet kimliği",
  "members of an organization":
    "bir kuruluşun üyeleri",
  "members with their roles":
    "rolleriyle birlikte üyeler",
  "search name or email":
    "ad veya e-posta ara",
  "at most this many":
    "en fazla bu kadar",
  "remove a member":
    "bir üyeyi çıkar",
  "member id, user id or email":
    "üye kimliği, kullanıcı kimliği veya e-posta",
  "change a member's role":
    "bir üyenin rolünü değiştir",
  "leave an organization (an only owner cannot)":
    "bir kuruluştan ayrıl (tek sahip ayrılamaz)",
  "teams inside an organization":
    "bir kuruluş içindeki ekipler",
  "create a team":
    "bir ekip oluştur",
  "team name":
    "ekip adı",
  "teams of an organization":
    "bir kuruluşun ekipleri",
  "rename a team":
    "bir ekibi yeniden adlandır",
  "team id or name":
    "ekip kimliği veya adı",
  "remove a team":
    "bir ekibi kaldır",
  "put an organization member in a team":
    "bir kuruluş üyesini bir ekibe ekle",
  "take a member out of a team":
    "bir üyeyi ekipten çıkar",
  "your pending invitations":
    "bekleyen davetleriniz",
  "join the organization (it becomes active)":
    "kuruluşa katıl (etkin hale gelir)",
  "decline an invitation":
    "bir daveti reddet",
  "your live sessions; token is a revocation handle, current marks this one":
    "etkin oturumlarınız; token bir iptal tanıtıcısıdır, current bu oturumu işaretler",
  "end one of your sessions":
    "oturumlarınızdan birini sonlandır",
  "handle from `auth sessions list`":
    "`auth sessions list` çıktısındaki tanıtıcı",
  "end every session except this one (sign out other devices)":
    "bu oturum dışındaki tüm oturumları sonlandır (diğer cihazlarda oturumu kapat)",
  "two-factor authentication for your account (authenticator app, backup codes)":
    "hesabınız için iki adımlı doğrulama (doğrulayıcı uygulama, yedek kodlar)",
  "set up an authenticator app: shows a QR code and 10 backup codes once, then asks for a first code":
    "bir doğrulayıcı uygulama kur: bir QR kodu ve 10 yedek kodu bir kez gösterir, ardından ilk kodu sorar",
  "read the password from standard input (then confirm later with `auth account 2fa verify <code>`)":
    "parolayı standart girdiden oku (sonra `auth account 2fa verify <code>` ile onaylayın)",
  "name shown in the authenticator app":
    "doğrulayıcı uygulamada gösterilen ad",
  "finish `2fa enable`: two-factor turns on with the first correct code":
    "`2fa enable` işlemini bitir: iki adımlı doğrulama ilk doğru kodla açılır",
  "the 6-digit code your authenticator app shows":
    "doğrulayıcı uygulamanızın gösterdiği 6 haneli kod",
  "turn two-factor off (forgets the secret, the backup codes and trusted devices)":
    "iki adımlı doğrulamayı kapat (sırrı, yedek kodları ve güvenilen cihazları unutur)",
  "replace your backup codes with 10 new ones, shown once":
    "yedek kodlarınızı bir kez gösterilen 10 yenisiyle değiştir",
  "your profile and linked accounts":
    "profiliniz ve bağlı hesaplarınız",
  "change your name, image, username or display username":
    "adınızı, resminizi, kullanıcı adınızı veya görünen kullanıcı adınızı değiştir",
  "avatar URL (empty string clears it)":
    "avatar URL’si (boş dize kaldırır)",
  "username":
    "kullanıcı adı",
  "username as displayed":
    "görüntülenen haliyle kullanıcı adı",
  "change your password (current and new from masked prompts, or two lines on standard input)":
    "parolanızı değiştir (geçerli ve yeni parola gizli istemlerden veya standart girdide iki satır olarak)",
  "read the current password, then the new one, one per line, from standard input":
    "geçerli parolayı, ardından yenisini, satır başına bir tane, standart girdiden oku",
  "also sign out every other session":
    "diğer tüm oturumları da kapat",
  "change your email (verified accounts confirm by mail first)":
    "e-postanızı değiştir (doğrulanmış hesaplar önce e-postayla onaylar)",
  "the new address":
    "yeni adres",
  "create a key for yourself; it is printed once":
    "kendiniz için bir anahtar oluştur; bir kez yazdırılır",
  "a name to recognise it by":
    "tanımak için bir ad",
  "e.g. 30d or 1w (at least 1d; default: never)":
    "ör. 30d veya 1w (en az 1d; varsayılan: hiçbir zaman)",
  "limit the key, e.g. user:ban,list (repeatable; default: your own rights)":
    "anahtarı sınırla, ör. user:ban,list (tekrarlanabilir; varsayılan: kendi yetkileriniz)",
  "stop working after this many requests":
    "bu kadar istekten sonra çalışmayı durdur",
  "text before the key, e.g. cron_":
    "anahtardan önceki metin, ör. cron_",
  "your keys, or with --user another user's (administrators)":
    "anahtarlarınız veya --user ile başka bir kullanıcınınkiler (yöneticiler)",
  "id or email of the user whose keys to list":
    "anahtarları listelenecek kullanıcının kimliği veya e-postası",
  "delete a key at once; scripts using it stop working":
    "bir anahtarı hemen sil; onu kullanan betikler çalışmayı durdurur",
  "revoke another user's key (needs session:revoke)":
    "başka bir kullanıcının anahtarını iptal et (session:revoke gerekir)",
  "key id from `auth api-keys list`":
    "`auth api-keys list` çıktısındaki anahtar kimliği",
  "start the auth server (API at /api/auth), migrating the database first":
    "kimlik doğrulama sunucusunu başlat (API /api/auth altında), önce veritabanını taşıyarak",
  "port to listen on (AUTH_PORT; default: 3000)":
    "dinlenecek bağlantı noktası (AUTH_PORT; varsayılan: 3000)",
  "interface to bind (AUTH_HOST; default: 127.0.0.1)":
    "bağlanılacak arayüz (AUTH_HOST; varsayılan: 127.0.0.1)",
  "SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "SQLite veritabanı dosyası veya postgres:// URL’si (AUTH_DB; varsayılan: ./data/latchkey.db; parolalı bir URL: AUTH_DB veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)":
    "sunucunun genel URL’si (AUTH_BASE_URL; varsayılan: http://HOST:PORT)",
  "server secret, ≥ 32 characters (AUTH_SECRET; prefer AUTH_SECRET or the config file: arguments are visible to other users (ps))":
    "sunucu sırrı, ≥ 32 karakter (AUTH_SECRET; AUTH_SECRET veya yapılandırma dosyası tercih edin: argümanlar diğer kullanıcılara görünür (ps))",
  "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)":
    "API’yi çağırmasına izin verilen, virgülle ayrılmış ek kökenler (AUTH_TRUSTED_ORIGINS)",
  "send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "postaları giden kutusu yerine bu SMTP sunucusu üzerinden gönder (AUTH_SMTP_URL; parolalıysa: AUTH_SMTP_URL veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "turn rate limiting off (benchmarks, local QA)":
    "istek sınırlamayı kapat (kıyaslamalar, yerel QA)",
  "keep rate-limit counters in Redis, shared by every server (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "istek sınırlama sayaçlarını tüm sunucuların paylaştığı Redis’te tut (AUTH_REDIS_URL; parolalıysa: AUTH_REDIS_URL veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "JSON settings file (AUTH_CONFIG)":
    "JSON ayar dosyası (AUTH_CONFIG)",
  "check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked":
    "ayarları (yapılandırma dosyası + AUTH_* ortamı + seçenekler) başlatmadan denetle; sırları maskeleyerek yazdırır",
  "port to listen on (AUTH_PORT)":
    "dinlenecek bağlantı noktası (AUTH_PORT)",
  "interface to bind (AUTH_HOST)":
    "bağlanılacak arayüz (AUTH_HOST)",
  "SQLite database file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "SQLite veritabanı dosyası veya postgres:// URL’si (AUTH_DB; parolalı bir URL: AUTH_DB veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "public URL of the server (AUTH_BASE_URL)":
    "sunucunun genel URL’si (AUTH_BASE_URL)",
  "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)":
    "virgülle ayrılmış ek kökenler (AUTH_TRUSTED_ORIGINS)",
  "SMTP server (AUTH_SMTP_URL; with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps))":
    "SMTP sunucusu (AUTH_SMTP_URL; parolalıysa: AUTH_SMTP_URL veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "turn rate limiting off":
    "istek sınırlamayı kapat",
  "Redis for shared rate-limit counters (AUTH_REDIS_URL; with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps))":
    "paylaşılan istek sınırlama sayaçları için Redis (AUTH_REDIS_URL; parolalıysa: AUTH_REDIS_URL veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it":
    "saklanan her sırrı AUTH_SECRET altında yeniden mühürle (AUTH_PREVIOUS_SECRETS ile mühürlenmiş değerler), ardından veritabanını bununla mühürlenmiş olarak işaretle",
  "JSON settings file (AUTH_CONFIG): its secret and previousSecrets":
    "JSON ayar dosyası (AUTH_CONFIG): secret ve previousSecrets değerleri",
  "apply pending database migrations":
    "bekleyen veritabanı geçişlerini uygula",
  "create an administrator, or make an existing user one (works on the database directly)":
    "bir yönetici oluştur veya var olan bir kullanıcıyı yönetici yap (doğrudan veritabanı üzerinde çalışır)",
  "the administrator's email":
    "yöneticinin e-postası",
  "display name for a new user":
    "yeni kullanıcı için görünen ad",
  "read the new user's password from standard input":
    "yeni kullanıcının parolasını standart girdiden oku",
  "copy the SQLite database with SQLite's online backup API (consistent while the server runs)":
    "SQLite veritabanını SQLite’ın çevrimiçi yedekleme API’siyle kopyala (sunucu çalışırken tutarlı)",
  "SQLite database file to copy (AUTH_DB)":
    "kopyalanacak SQLite veritabanı dosyası (AUTH_DB)",
  "where to write the copy (mode 0600: it holds password hashes)":
    "kopyanın yazılacağı yer (0600 kipi: parola özetleri içerir)",
  "also write the server secret to <out>.secret (mode 0600): a restore needs it":
    "sunucu sırrını da <out>.secret dosyasına yaz (0600 kipi): geri yükleme için gerekir",
  "JSON settings file (AUTH_CONFIG): its secret, for --with-secret":
    "JSON ayar dosyası (AUTH_CONFIG): --with-secret için secret değeri",
  "put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)":
    "`auth server backup` ile alınmış bir yedeği denetledikten sonra SQLite veritabanının yerine koy (önce sunucuyu durdurun)",
  "the backup file":
    "yedek dosyası",
  "SQLite database file to replace (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "değiştirilecek SQLite veritabanı dosyası (AUTH_DB; parolalı bir URL: AUTH_DB veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "copy every table from one database to another: SQLite file or postgres:// URL, either way":
    "her tabloyu bir veritabanından diğerine kopyala: SQLite dosyası veya postgres:// URL’si, her iki yönde",
  "source: SQLite file or postgres:// URL (a SQLite source may stay online)":
    "kaynak: SQLite dosyası veya postgres:// URL’si (SQLite kaynağı çalışır durumda kalabilir)",
  "target: SQLite file or postgres:// URL, migrated first; must be empty":
    "hedef: SQLite dosyası veya postgres:// URL’si, önce taşınır; boş olmalı",
  "delete the target's rows first when it is not empty":
    "hedef boş değilse önce satırlarını sil",
  "rows per transaction on the target (default 2000)":
    "hedefte işlem başına satır (varsayılan 2000)",
  "list outbox mail, newest first":
    "giden kutusundaki postaları listele, en yenisi önce",
  "only mail to this address":
    "yalnızca bu adrese giden postalar",
  "only this kind: verify-email, reset-password, change-email, delete-account, invitation":
    "yalnızca bu tür: verify-email, reset-password, change-email, delete-account, invitation",
  "bash, zsh or fish":
    "bash, zsh veya fish",
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.":
    "Çıkış kodları: 0 tamam, 1 hata (toplu işlemde kısmi hata dahil), 2 kullanım hatası veya eksik onay, 3 oturum açılmamış, 4 yasak, 5 bulunamadı, 6 çakışma, 7 ağ, 8 istek sınırı, 70 iç hata.",
  "JSON settings file (AUTH_CONFIG): its db and secret":
    "JSON ayar dosyası (AUTH_CONFIG): db ve secret değerleri",
  "a first-party app: no consent page":
    "birinci taraf uygulama: onay sayfası yok",
  "a new secret, printed once; the old one stops working at once":
    "yeni bir sır, bir kez yazdırılır; eskisi hemen geçersiz olur",
  "a public app (no secret; PKCE required): single-page and native apps":
    "herkese açık uygulama (sır yok; PKCE zorunlu): tek sayfalı ve yerel uygulamalar",
  "apps that sign people in through Latchkey (OpenID Connect clients)":
    "Latchkey üzerinden oturum açılan uygulamalar (OpenID Connect istemcileri)",
  "delete the app with its grants and tokens":
    "uygulamayı izinleri ve belirteçleriyle birlikte sil",
  "every registered app":
    "kayıtlı tüm uygulamalar",
  "from `auth apps list`":
    "`auth apps list` çıktısından",
  "logo shown on the consent page":
    "onay sayfasında gösterilen logo",
  "move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys":
    "bir better-auth 1.x veritabanını Latchkey içine taşı: kullanıcılar, parolalar, oturumlar, kuruluşlar, iki adımlı doğrulama, geçiş anahtarları, API anahtarları, JWT anahtarları",
  "refuse the app's sign-ins and tokens until enabled again":
    "uygulama yeniden etkinleştirilene kadar oturum açma isteklerini ve belirteçlerini reddet",
  "register an app; a confidential app's secret is printed once":
    "bir uygulama kaydet; gizli bir uygulamanın sırrı bir kez yazdırılır",
  "report what it would do, and every row it cannot carry, and write nothing":
    "ne yapacağını ve aktaramayacağı her satırı bildir, hiçbir şey yazma",
  "rows per transaction on the target (default 5000)":
    "hedefte işlem başına satır (varsayılan 5000)",
  "space-separated scopes it may ask for (default \"openid profile email offline_access\")":
    "uygulamanın isteyebileceği, boşlukla ayrılmış kapsamlar (varsayılan “openid profile email offline_access”)",
  "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)":
    "better-auth ile kullanılan BETTER_AUTH_SECRET (ortam değişkeni BETTER_AUTH_SECRET; ortamı tercih edin)",
  "the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps))":
    "Latchkey veritabanı: SQLite dosyası veya postgres:// adresi (AUTH_DB; parolalı bir adres: AUTH_DB veya yapılandırma dosyası tercih edin, argümanlar diğer kullanıcılara görünür (ps))",
  "the better-auth database: SQLite file or postgres:// URL (read only)":
    "better-auth veritabanı: SQLite dosyası veya postgres:// adresi (salt okunur)",
  "the name people see on the consent page":
    "kişilerin onay sayfasında gördüğü ad",
  "where end-session may send people back (repeatable)":
    "end-session işleminin kişileri geri gönderebileceği adres (tekrarlanabilir)",
  "where the app is told of sign-outs":
    "oturum kapatmaların uygulamaya bildirildiği adres",
  "where the app receives the code (repeatable)":
    "uygulamanın kodu aldığı adres (tekrarlanabilir)",
};
