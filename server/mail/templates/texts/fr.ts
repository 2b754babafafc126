import type { MailTexts } from "./types.js";

// Formal address (vous); a no-break space before the colon, as French typography wants.
export const fr: MailTexts = {
  greeting: "Bonjour {name},",
  greetingNoName: "Bonjour,",
  linkFallback: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:",
  actionLine: "{action}\u00a0: {url}",
  hours: "{count, plural, one {# heure} other {# heures}}",
  minutes: "{count, plural, one {# minute} other {# minutes}}",
  roles: { owner: "propriétaire", admin: "administrateur", member: "membre" },
  kinds: {
    "verify-email": {
      subject: "Confirmez votre adresse e-mail pour {appName}",
      body: ["Veuillez confirmer que {email} est bien votre adresse e-mail.", "Ce lien est valable {validity}. Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail."],
      action: "Confirmer l’adresse e-mail",
    },
    "reset-password": {
      subject: "Réinitialisez votre mot de passe {appName}",
      body: ["Une réinitialisation de votre mot de passe a été demandée. Si vous n’en êtes pas à l’origine, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.", "Ce lien est valable {validity}.", "Vos clés d’accès et vos clés d’API restent valables après la réinitialisation\u00a0; révoquez-les depuis votre compte si vous n’êtes pas à l’origine de cette demande."],
      action: "Réinitialiser le mot de passe",
    },
    "change-email": {
      subject: "Confirmez votre nouvelle adresse e-mail pour {appName}",
      body: ["Veuillez confirmer que vous souhaitez utiliser {newEmail} comme adresse e-mail.", "Ce lien est valable {validity}. Si vous n’avez pas demandé ce changement, ignorez cet e-mail."],
      action: "Confirmer la nouvelle adresse",
    },
    "delete-account": {
      subject: "Confirmez la suppression de votre compte {appName}",
      body: ["En suivant ce lien, vous supprimez votre compte et toutes ses données. Cette action est irréversible.", "Ce lien est valable {validity}. Si vous n’avez rien demandé, ignorez cet e-mail\u00a0: votre compte reste inchangé."],
      action: "Supprimer mon compte",
    },
    invitation: {
      subject: "Invitation à rejoindre une organisation sur {appName}",
      body: ["«\u00a0{inviterName}\u00a0» vous invite à rejoindre l’organisation «\u00a0{organizationName}\u00a0» sur {appName} avec le rôle «\u00a0{role}\u00a0».", "L’invitation est valable jusqu’au {expiresAt}."],
      action: "Voir l’invitation",
    },
    otp: {
      subject: "Votre code de connexion {appName}\u00a0: {code}",
      body: ["Votre code de connexion est {code}. Il ne sert qu’une fois et reste valable {validity}.", "Ne communiquez ce code à personne. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe\u00a0: quelqu’un le connaît."],
    },
  },
};
