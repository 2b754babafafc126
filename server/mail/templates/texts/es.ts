import type { MailTexts } from "./types.js";

// Formal address (usted); letters open with a colon after the greeting, as Spanish does.
export const es: MailTexts = {
  greeting: "Hola, {name}:",
  greetingNoName: "Hola:",
  linkFallback: "Si el botón no funciona, copie este enlace en su navegador:",
  actionLine: "{action}: {url}",
  hours: "{count, plural, one {# hora} other {# horas}}",
  minutes: "{count, plural, one {# minuto} other {# minutos}}",
  roles: { owner: "propietario", admin: "administrador", member: "miembro" },
  kinds: {
    "verify-email": {
      subject: "Verifique su correo electrónico para {appName}",
      body: ["Confirme que {email} es su dirección de correo electrónico.", "El enlace es válido durante {validity}. Si usted no ha creado una cuenta, puede ignorar este mensaje."],
      action: "Verificar correo electrónico",
    },
    "reset-password": {
      subject: "Restablezca su contraseña de {appName}",
      body: ["Alguien ha solicitado restablecer su contraseña. Si no fue usted, ignore este mensaje: su contraseña seguirá siendo la misma.", "El enlace es válido durante {validity}.", "Sus llaves de acceso y claves de API siguen funcionando después del restablecimiento; revóquelas en su cuenta si no lo ha solicitado usted."],
      action: "Restablecer contraseña",
    },
    "change-email": {
      subject: "Confirme su nuevo correo electrónico para {appName}",
      body: ["Confirme que desea usar {newEmail} como su dirección de correo electrónico.", "El enlace es válido durante {validity}. Si usted no ha solicitado este cambio, ignore este mensaje."],
      action: "Confirmar nuevo correo",
    },
    "delete-account": {
      subject: "Confirme la eliminación de su cuenta de {appName}",
      body: ["Al abrir este enlace se eliminarán su cuenta y todos sus datos. Esta acción no se puede deshacer.", "El enlace es válido durante {validity}. Si usted no lo ha solicitado, ignore este mensaje y su cuenta permanecerá intacta."],
      action: "Eliminar mi cuenta",
    },
    invitation: {
      subject: "Invitación a una organización en {appName}",
      body: ["«{inviterName}» le ha invitado a unirse a la organización «{organizationName}» en {appName} con el rol «{role}».", "La invitación es válida hasta el {expiresAt}."],
      action: "Ver invitación",
    },
    otp: {
      subject: "Su código de inicio de sesión en {appName}: {code}",
      body: ["Su código de inicio de sesión es {code}. Solo puede usarse una vez y es válido durante {validity}.", "No comparta este código con nadie. Si usted no intentó iniciar sesión, cambie su contraseña: alguien la conoce."],
    },
  },
};
