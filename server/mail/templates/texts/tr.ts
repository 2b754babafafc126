import type { MailTexts } from "./types.js";

// Formal address (siz). Sentences are built so no case suffix ever follows a name (vowel
// harmony would depend on the name): "{organizationName} kuruluşuna", not "{organizationName}'a".
export const tr: MailTexts = {
  greeting: "Merhaba {name},",
  greetingNoName: "Merhaba,",
  linkFallback: "Düğme çalışmazsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:",
  actionLine: "{action}: {url}",
  // Turkish nouns stay singular after a number.
  hours: "{count, plural, one {# saat} other {# saat}}",
  minutes: "{count, plural, one {# dakika} other {# dakika}}",
  roles: { owner: "sahip", admin: "yönetici", member: "üye" },
  kinds: {
    "verify-email": {
      subject: "{appName} için e-posta adresinizi doğrulayın",
      body: ["Lütfen {email} adresinin size ait olduğunu onaylayın.", "Bağlantı {validity} boyunca geçerlidir. Hesap oluşturmadıysanız bu e-postayı yok sayabilirsiniz."],
      action: "E-postayı doğrula",
    },
    "reset-password": {
      subject: "{appName} parolanızı sıfırlayın",
      body: ["Parolanızı sıfırlamak için bir istek aldık. Bu istek size ait değilse bu e-postayı yok sayın; parolanız değişmez.", "Bağlantı {validity} boyunca geçerlidir.", "Geçiş anahtarlarınız ve API anahtarlarınız sıfırlamadan sonra da çalışmaya devam eder; bu isteği siz yapmadıysanız bunları hesabınızdan iptal edin."],
      action: "Parolayı sıfırla",
    },
    "change-email": {
      subject: "{appName} için yeni e-posta adresinizi onaylayın",
      body: ["Lütfen e-posta adresi olarak {newEmail} adresini kullanmak istediğinizi onaylayın.", "Bağlantı {validity} boyunca geçerlidir. Bu değişikliği siz istemediyseniz bu e-postayı yok sayın."],
      action: "Yeni e-postayı onayla",
    },
    "delete-account": {
      subject: "{appName} hesabınızın silinmesini onaylayın",
      body: ["Bu bağlantıyı açtığınızda hesabınız ve içindeki tüm veriler silinir. Bu işlem geri alınamaz.", "Bağlantı {validity} boyunca geçerlidir. Bunu siz istemediyseniz bu e-postayı yok sayın; hesabınız olduğu gibi kalır."],
      action: "Hesabımı sil",
    },
    invitation: {
      subject: "{appName} üzerinde bir kuruluşa davet edildiniz",
      body: ["“{inviterName}” sizi {appName} üzerindeki “{organizationName}” kuruluşuna “{role}” rolüyle katılmaya davet etti.", "Davet şu tarihe kadar geçerlidir: {expiresAt}."],
      action: "Daveti görüntüle",
    },
    otp: {
      subject: "{appName} giriş kodunuz: {code}",
      body: ["Giriş kodunuz: {code}. Yalnızca bir kez kullanılabilir ve {validity} boyunca geçerlidir.", "Bu kodu kimseyle paylaşmayın. Giriş yapmayı siz denemediyseniz parolanızı değiştirin: birisi onu biliyor."],
    },
  },
};
